import { describe, expect, it } from 'vitest';
import { InputError } from '../../../packages/sim/src/errors.js';
import { INTERVAL_METHODS, type IntervalMethod, proportionInterval } from '../../../packages/sim/src/intervals/proportionInterval.js';
import { expectRelativelyClose, RTOL } from '../../helpers/expectClose.js';

// Tolerance: relative 1e-12 on each bound (measured worst case over these grids: 4.7e-15).
/** [n, c, confidence, two-sided lower, two-sided upper, one-sided lower bound, one-sided upper bound] */
type GridRow = [number, number, number, number, number, number, number];
function checkGrid(method: IntervalMethod, rows: GridRow[], rtol = RTOL): void {
  for (const [n, c, confidence, lower2, upper2, lower1, upper1] of rows) {
    const two = proportionInterval(n, c, { method, confidence, sides: 2 });
    expectRelativelyClose(two.lower, lower2, rtol);
    expectRelativelyClose(two.upper, upper2, rtol);
    const lower = proportionInterval(n, c, { method, confidence, sides: 1, tail: 'lower' });
    expectRelativelyClose(lower.lower, lower1, rtol);
    expect(lower.upper).toBe(1);
    const upper = proportionInterval(n, c, { method, confidence, sides: 1, tail: 'upper' });
    expect(upper.lower).toBe(0);
    expectRelativelyClose(upper.upper, upper1, rtol);
  }
}

// The grid: (n, c) in (30,27),(30,30),(30,0),(10,3),(1,0),(1,1),(1000,1),(1000000,999990) at confidence 0.8, 0.95, 0.99.

describe('proportionInterval', () => {
  it('Wilson matches scipy.stats.binomtest(c, n).proportion_ci(method="wilson"), one- and two-sided', () => {
    // python3 -c "from scipy.stats import binomtest as t; G=[(30,27),(30,30),(30,0),(10,3),(1,0),(1,1),(1000,1),(1000000,999990)]; CL=(0.8,0.95,0.99); print([[n,c,cl, *map(float, t(c,n).proportion_ci(cl,'wilson')), float(t(c,n,alternative='greater').proportion_ci(cl,'wilson').low), float(t(c,n,alternative='less').proportion_ci(cl,'wilson').high)] for n,c in G for cl in CL])"
    checkGrid('wilson', [
      [30, 27, 0.8, 0.8078069740667999, 0.9506696081617834, 0.8442859487582165, 0.9372610416218531],
      [30, 27, 0.95, 0.7437891742081592, 0.9654001112526657, 0.7744975205091514, 0.959323032990769],
      [30, 27, 0.99, 0.6807647387170973, 0.9743483427084142, 0.7066141036175201, 0.9711242773868377],
      [30, 30, 0.8, 0.9480957277857291, 1.0, 0.9769337379750871, 1.0],
      [30, 30, 0.95, 0.8864866068260312, 1.0, 0.9172756918749008, 1.0],
      [30, 30, 0.99, 0.8188913517818892, 1.0, 0.8471729762554472, 1.0],
      [30, 0, 0.8, 0.0, 0.051904272214270866, 0.0, 0.023066262024912854],
      [30, 0, 0.95, 0.0, 0.11351339317396875, 0.0, 0.08272430812509929],
      [30, 0, 0.99, 0.0, 0.1811086482181108, 0.0, 0.15282702374455281],
      [10, 3, 0.8, 0.15379917807596727, 0.502628294760249, 0.19462953313054607, 0.43182936552097606],
      [10, 3, 0.95, 0.10779126740630102, 0.6032218525388546, 0.1268765839031979, 0.5583002041301649],
      [10, 3, 0.99, 0.07956631652306578, 0.6799753207988974, 0.08974146937406247, 0.6507187305128402],
      [1, 0, 0.8, 0.0, 0.6215524967746471, 0.0, 0.4146317366118869],
      [1, 0, 0.95, 0.0, 0.7934506856227626, 0.0, 0.7301340512159458],
      [1, 0, 0.99, 0.0, 0.8690224567198142, 0.0, 0.8440398526905308],
      [1, 1, 0.8, 0.3784475032253529, 1.0, 0.585368263388113, 1.0],
      [1, 1, 0.95, 0.20654931437723745, 1.0, 0.2698659487840541, 1.0],
      [1, 1, 0.99, 0.13097754328018596, 1.0, 0.1559601473094691, 1.0],
      [1000, 1, 0.8, 0.00029915703019560186, 0.0033372450512125125, 0.00044113522234849633, 0.002265274057578594],
      [1000, 1, 0.95, 0.00017654637062607809, 0.0056425585979579355, 0.00022312384391207085, 0.00446972290936893],
      [1000, 1, 0.99, 0.00011741635361832165, 0.008460566219981695, 0.00013748221330083226, 0.007234515743067692],
      [1000000, 999990, 0.8, 0.9999850438732275, 0.9999933137879021, 0.9999869609580594, 0.999992330730308],
      [1000000, 999990, 0.95, 0.9999815906276047, 0.9999945680051602, 0.9999832727823595, 0.999994021735617],
      [1000000, 999990, 0.99, 0.9999778875994513, 0.9999954776806664, 0.9999794557614867, 0.9999951324816079],
    ]);
  });

  it('Clopper–Pearson matches scipy.stats.beta quantiles (the exact interval), one- and two-sided', () => {
    // python3 -c "from scipy.stats import beta as B; G=[(30,27),(30,30),(30,0),(10,3),(1,0),(1,1),(1000,1),(1000000,999990)]; CL=(0.8,0.95,0.99); cp=lambda n,c,al: [0.0 if c==0 else float(B.ppf(al,c,n-c+1)), 1.0 if c==n else float(B.isf(al,c+1,n-c))]; print([[n,c,cl, *cp(n,c,(1-cl)/2), *cp(n,c,1-cl)] for n,c in G for cl in CL])"
    checkGrid('clopper-pearson', [
      [30, 27, 0.8, 0.7907005344129758, 0.9626922597094965, 0.8238026166431308, 0.948416414102119],
      [30, 27, 0.95, 0.7347115495257919, 0.9788828629702774, 0.7614021427067491, 0.9721844502602504],
      [30, 27, 0.99, 0.6796857787144837, 0.9884121883334973, 0.702381321854005, 0.9850699205834839],
      [30, 30, 0.8, 0.9261187281287935, 1.0, 0.9477657272562664, 1.0],
      [30, 30, 0.95, 0.8842966917779722, 1.0, 0.9049661471446959, 1.0],
      [30, 30, 0.99, 0.8381060971932603, 1.0, 0.8576958985908941, 1.0],
      [30, 0, 0.8, 0.0, 0.07388127187120652, 0.0, 0.052234272743733545],
      [30, 0, 0.95, 0.0, 0.11570330822202778, 0.0, 0.09503385285530411],
      [30, 0, 0.99, 0.0, 0.16189390280673965, 0.0, 0.14230410140910588],
      [10, 3, 0.8, 0.115825278029763, 0.551730832383599, 0.15763465890777678, 0.4836572374148516],
      [10, 3, 0.95, 0.0667395111777345, 0.6524528500599973, 0.08726443391415035, 0.6066242161054123],
      [10, 3, 0.99, 0.03700722109623209, 0.7351139852871307, 0.04750699895116127, 0.7028835276794626],
      [1, 0, 0.8, 0.0, 0.9, 0.0, 0.8],
      [1, 0, 0.95, 0.0, 0.975, 0.0, 0.95],
      [1, 0, 0.99, 0.0, 0.995, 0.0, 0.99],
      [1, 1, 0.8, 0.09999999999999998, 1.0, 0.19999999999999996, 1.0],
      [1, 1, 0.95, 0.025000000000000022, 1.0, 0.050000000000000044, 1.0],
      [1, 1, 0.99, 0.0050000000000000044, 1.0, 0.010000000000000009, 1.0],
      [1000, 1, 0.8, 0.00010535496543362299, 0.0038841043983972373, 0.00022311865664369264, 0.00299132404713301],
      [1000, 1, 0.95, 2.5317487491294065e-5, 0.005558924279826672, 5.129197890901785e-5, 0.004734993575499777],
      [1000, 1, 0.99, 5.01252926077751e-6, 0.007406286938352937, 1.0050285349045262e-5, 0.006619668395648625],
      [1000000, 999990, 0.8, 0.999984593400477, 0.9999937786867512, 0.9999863492979019, 0.9999927107741563],
      [1000000, 999990, 0.95, 0.9999816097211087, 0.9999952046012225, 0.9999830378398117, 0.999994574584606],
      [1000000, 999990, 0.99, 0.9999786022944446, 0.9999962830680501, 0.9999798554219618, 0.999995869790777],
    ]);
  });

  it('Clopper–Pearson matches scipy.stats.binomtest(c, n).proportion_ci(method="exact") to its solver tolerance', () => {
    // binomtest solves for the bounds with brentq (xtol 2e-12), so it agrees with the beta quantiles only to
    // ~2e-12 absolute (e.g. 0.0002231186569668281 vs 0.00022311865664369264 at n=1000, c=1, 0.8 one-sided).
    // python3 -c "from scipy.stats import binomtest as t; G=[(30,27),(30,30),(30,0),(10,3),(1,0),(1,1),(1000,1),(1000000,999990)]; CL=(0.8,0.95,0.99); print([[n,c,cl, *map(float, t(c,n).proportion_ci(cl,'exact')), float(t(c,n,alternative='greater').proportion_ci(cl,'exact').low), float(t(c,n,alternative='less').proportion_ci(cl,'exact').high)] for n,c in G for cl in CL])"
    const rows: GridRow[] = [
      [30, 27, 0.8, 0.7907005344129758, 0.9626922597095005, 0.8238026166431308, 0.948416414102119],
      [30, 27, 0.95, 0.7347115495257919, 0.9788828629702774, 0.761402142706749, 0.9721844502602985],
      [30, 27, 0.99, 0.6796857787141072, 0.9884121883334975, 0.7023813218540027, 0.9850699205838859],
      [30, 30, 0.8, 0.9261187281287935, 1.0, 0.9477657272562663, 1.0],
      [30, 30, 0.95, 0.8842966917779725, 1.0, 0.9049661471446959, 1.0],
      [30, 30, 0.99, 0.8381060971932603, 1.0, 0.8576958985908925, 1.0],
      [30, 0, 0.8, 0.0, 0.07388127187120652, 0.0, 0.052234272743733705],
      [30, 0, 0.95, 0.0, 0.11570330822202743, 0.0, 0.09503385285530412],
      [30, 0, 0.99, 0.0, 0.16189390280673965, 0.0, 0.1423041014091076],
      [10, 3, 0.8, 0.11582527802976292, 0.5517308323835991, 0.15763465890777678, 0.4836572374148523],
      [10, 3, 0.95, 0.06673951117773447, 0.652452850060008, 0.08726443391415033, 0.6066242161055765],
      [10, 3, 0.99, 0.03700722109620741, 0.7351139852871308, 0.04750699895116084, 0.7028835276794729],
      [1, 0, 0.8, 0.0, 0.9, 0.0, 0.8],
      [1, 0, 0.95, 0.0, 0.975, 0.0, 0.95],
      [1, 0, 0.99, 0.0, 0.995, 0.0, 0.99],
      [1, 1, 0.8, 0.09999999999999998, 1.0, 0.19999999999999996, 1.0],
      [1, 1, 0.95, 0.025000000000000022, 1.0, 0.050000000000000044, 1.0],
      [1, 1, 0.99, 0.0050000000000000044, 1.0, 0.010000000000000009, 1.0],
      [1000, 1, 0.8, 0.0001053549654336404, 0.0038841043984018013, 0.0002231186569668281, 0.002991324047133656],
      [1000, 1, 0.95, 2.5317487491674634e-5, 0.0055589242798499, 5.129197890907463e-5, 0.00473499357549284],
      [1000, 1, 0.99, 5.0125292607668415e-6, 0.007406286938353162, 1.0050285345543332e-5, 0.006619668395648627],
      [1000000, 999990, 0.8, 0.9999845934004745, 0.9999937786867522, 0.9999863492978661, 0.9999927107741575],
      [1000000, 999990, 0.95, 0.9999816097211081, 0.9999952046015905, 0.9999830378400842, 0.9999945745846031],
      [1000000, 999990, 0.99, 0.9999786022945871, 0.9999962830680437, 0.9999798554219611, 0.9999958697907104],
    ];
    for (const [n, c, confidence, lower2, upper2, lower1, upper1] of rows) {
      const two = proportionInterval(n, c, { method: 'clopper-pearson', confidence, sides: 2 });
      const lower = proportionInterval(n, c, { method: 'clopper-pearson', confidence, sides: 1 });
      const upper = proportionInterval(n, c, { method: 'clopper-pearson', confidence, sides: 1, tail: 'upper' });
      for (const [actual, expected] of [
        [two.lower, lower2],
        [two.upper, upper2],
        [lower.lower, lower1],
        [upper.upper, upper1],
      ]) {
        expect(Math.abs(actual - expected)).toBeLessThanOrEqual(1e-11);
      }
    }
  });

  it('Jeffreys matches scipy.stats.beta.ppf of Beta(c + ½, n − c + ½), with L = 0 at c = 0 and U = 1 at c = n', () => {
    // python3 -c "from scipy.stats import beta as B; G=[(30,27),(30,30),(30,0),(10,3),(1,0),(1,1),(1000,1),(1000000,999990)]; CL=(0.8,0.95,0.99); jef=lambda n,c,al: [0.0 if c==0 else float(B.ppf(al,c+0.5,n-c+0.5)), 1.0 if c==n else float(B.ppf(1-al,c+0.5,n-c+0.5))]; print([[n,c,cl, *jef(n,c,(1-cl)/2), *jef(n,c,1-cl)] for n,c in G for cl in CL])"
    checkGrid('jeffreys', [
      [30, 27, 0.8, 0.8111767947634687, 0.9518876998683429, 0.8430797894424653, 0.935635828098808],
      [30, 27, 0.95, 0.7565983910150729, 0.9710193809672735, 0.7827027875439885, 0.9629829225262038],
      [30, 27, 0.99, 0.7023605826991073, 0.9829320469875629, 0.7247944688110104, 0.9786683262027007],
      [30, 30, 0.8, 0.9562682369005688, 1.0, 0.9732198708219026, 1.0],
      [30, 30, 0.95, 0.92032182618274, 1.0, 0.9384832754426992, 1.0],
      [30, 30, 0.99, 0.8779000473069185, 1.0, 0.8961426333951421, 1.0],
      [30, 0, 0.8, 0.0, 0.04373176309943119, 0.0, 0.026780129178097353],
      [30, 0, 0.95, 0.0, 0.07967817381725999, 0.0, 0.06151672455730088],
      [30, 0, 0.99, 0.0, 0.12209995269308144, 0.0, 0.10385736660485792],
      [10, 3, 0.8, 0.1505912258762015, 0.5017811181000884, 0.19776516793887197, 0.43305658696147875],
      [10, 3, 0.95, 0.09269459393815317, 0.6058183181486713, 0.11732937668021022, 0.558126766484634],
      [10, 3, 0.99, 0.055328749731032495, 0.69344482721394, 0.0688197663736636, 0.6590198003765497],
      [1, 0, 0.8, 0.0, 0.6486428019743724, 0.0, 0.47203608949010173],
      [1, 0, 0.95, 0.0, 0.8532536836904248, 0.0, 0.7714801861936711],
      [1, 0, 0.99, 0.0, 0.9487634544245647, 0.0, 0.9191728071031089],
      [1, 1, 0.8, 0.35135719802562754, 1.0, 0.5279639105098983, 1.0],
      [1, 1, 0.95, 0.14674631630957521, 1.0, 0.22851981380632888, 1.0],
      [1, 1, 0.99, 0.05123654557543535, 1.0, 0.08082719289689115, 1.0],
      [1000, 1, 0.8, 0.0002922175652779297, 0.003121593963646549, 0.0005025863772938266, 0.0023187020675669054],
      [1000, 1, 0.95, 0.00010791880468097975, 0.004664458808791372, 0.0001759516791643929, 0.003900713932346007],
      [1000, 1, 0.99, 3.586921333728693e-5, 0.006400116047383881, 5.742861248966998e-5, 0.005657786891321012],
      [1000000, 999990, 0.8, 0.9999851924945777, 0.9999933801914791, 0.9999869144734894, 0.9999922776889342],
      [1000000, 999990, 0.95, 0.9999822606351286, 0.9999948585399041, 0.9999836647691577, 0.999994204336661],
      [1000000, 999990, 0.99, 0.9999792995835426, 0.9999959831622773, 0.9999805340106585, 0.9999955513897931],
    ]);
  });

  it('Agresti–Coull matches its closed form evaluated in python (scipy.special.ndtri for z), clipped to [0, 1]', () => {
    // python3 -c "from scipy.special import ndtri; from math import sqrt; G=[(30,27),(30,30),(30,0),(10,3),(1,0),(1,1),(1000,1),(1000000,999990)]; CL=(0.8,0.95,0.99); ac=lambda n,c,z: [max(0.0,(c+z*z/2)/(n+z*z)-z*sqrt((c+z*z/2)/(n+z*z)*(1-(c+z*z/2)/(n+z*z))/(n+z*z))), min(1.0,(c+z*z/2)/(n+z*z)+z*sqrt((c+z*z/2)/(n+z*z)*(1-(c+z*z/2)/(n+z*z))/(n+z*z)))]; print([[n,c,cl, *ac(n,c,float(ndtri(1-(1-cl)/2))), *ac(n,c,float(ndtri(cl)))] for n,c in G for cl in CL])"
    checkGrid('agresti-coull', [
      [30, 27, 0.8, 0.8050014515438094, 0.9534751306847739, 0.8433999079236474, 0.9381470824564222],
      [30, 27, 0.95, 0.7358281750847897, 0.9733611103760351, 0.7692144734015196, 0.9646060800984009],
      [30, 27, 0.99, 0.6667914331265342, 0.9883216482989773, 0.6951428081754404, 0.9825955728289174],
      [30, 30, 0.8, 0.9378253775642484, 1.0, 0.9722508859266547, 1.0],
      [30, 30, 0.95, 0.8652883038603735, 1.0, 0.9013654395601445, 1.0],
      [30, 30, 0.99, 0.7873184274624394, 1.0, 0.8197323172337931, 1.0],
      [30, 0, 0.8, 0.0, 0.062174622435751566, 0.0, 0.027749114073345325],
      [30, 0, 0.95, 0.0, 0.13471169613962636, 0.0, 0.09863456043985556],
      [30, 0, 0.99, 0.0, 0.21268157253756065, 0.0, 0.18026768276620686],
      [10, 3, 0.8, 0.15185002045507617, 0.5045774523811402, 0.1939424782418604, 0.43251642040966176],
      [10, 3, 0.95, 0.10333841792242532, 0.6076747020227304, 0.12359266736338517, 0.5615841206699776],
      [10, 3, 0.99, 0.07326133258665601, 0.6862803047353072, 0.08409347031222592, 0.6563667295746768],
      [1, 0, 0.8, 0.0, 0.6756502630873208, 0.0, 0.4683501968449599],
      [1, 0, 0.95, 0.0, 0.832500514520587, 0.0, 0.7764549564150676],
      [1, 0, 0.99, 0.0, 0.8966027438995714, 0.0, 0.8757571279057449],
      [1, 1, 0.8, 0.3243497369126792, 1.0, 0.5316498031550401, 1.0],
      [1, 1, 0.95, 0.167499485479413, 1.0, 0.22354504358493227, 1.0],
      [1, 1, 0.99, 0.10339725610042877, 1.0, 0.12424287209425511, 1.0],
      [1000, 1, 0.8, 9.313583634152842e-5, 0.0035432662450665857, 0.0003751781389981924, 0.0023312311409288983],
      [1000, 1, 0.95, 0.0, 0.0062414827433288755, 0.0, 0.004859661385394787],
      [1000, 1, 0.99, 0.0, 0.009594479145688579, 0.0, 0.008132090217364682],
      [1000000, 999990, 0.8, 0.9999849631229949, 0.9999933945381347, 0.9999869377009538, 0.9999923539874136],
      [1000000, 999990, 0.95, 0.9999813123308319, 0.999994846301933, 0.9999831051562893, 0.9999941893616873],
      [1000000, 999990, 0.99, 0.9999772827707378, 0.9999960825093799, 0.9999790018584656, 0.999995586384629],
    ]);
  });

  it('seed: 27 of 30, Wilson two-sided 95 % → [74.4 %, 96.5 %] (seed digits; scipy full values)', () => {
    const interval = proportionInterval(30, 27, { method: 'wilson', confidence: 0.95, sides: 2 });
    expect((interval.lower * 100).toFixed(1)).toBe('74.4');
    expect((interval.upper * 100).toFixed(1)).toBe('96.5');
    // python3 -c "from scipy.stats import binomtest; ci=binomtest(27,30).proportion_ci(confidence_level=0.95, method='wilson'); print(ci.low, ci.high)"
    expectRelativelyClose(interval.lower, 0.7437891742081592);
    expectRelativelyClose(interval.upper, 0.9654001112526657);
    expect(interval).toMatchObject({ estimate: 0.9, method: 'wilson', confidence: 0.95, sides: 2 });
    expect('tail' in interval).toBe(false);
  });

  it('seed: 30 of 30, Clopper–Pearson one-sided 95 % → p ≥ 90.5 % (seed digits; closed form 0.05^(1/30))', () => {
    const interval = proportionInterval(30, 30, { method: 'clopper-pearson', confidence: 0.95, sides: 1 });
    expect((interval.lower * 100).toFixed(1)).toBe('90.5');
    expectRelativelyClose(interval.lower, 0.05 ** (1 / 30));
    // python3 -c "from scipy.stats import beta; print(beta.ppf(0.05, 30, 1))"
    expectRelativelyClose(interval.lower, 0.9049661471446958);
    expect(interval).toEqual({
      estimate: 1,
      lower: interval.lower,
      upper: 1,
      method: 'clopper-pearson',
      confidence: 0.95,
      sides: 1,
      tail: 'lower',
    });
  });

  it('labels one-sided upper bounds and reports the estimate c/n', () => {
    const interval = proportionInterval(10, 3, { method: 'jeffreys', confidence: 0.8, sides: 1, tail: 'upper' });
    expect(interval).toMatchObject({ estimate: 0.3, lower: 0, method: 'jeffreys', confidence: 0.8, sides: 1, tail: 'upper' });
  });

  it('nests: a higher confidence gives a wider interval, for every method (monotonicity of the quantiles)', () => {
    for (const method of INTERVAL_METHODS) {
      for (const [n, c] of [
        [30, 27],
        [10, 3],
        [500, 1],
      ]) {
        const narrow = proportionInterval(n, c, { method, confidence: 0.8, sides: 2 });
        const wide = proportionInterval(n, c, { method, confidence: 0.99, sides: 2 });
        expect(wide.lower).toBeLessThan(narrow.lower);
        expect(wide.upper).toBeGreaterThan(narrow.upper);
      }
    }
  });

  it('lists its methods in INTERVAL_METHODS (frozen)', () => {
    expect(INTERVAL_METHODS).toEqual(['wilson', 'clopper-pearson', 'jeffreys', 'agresti-coull']);
    expect(Object.isFrozen(INTERVAL_METHODS)).toBe(true);
  });

  it('rejects an unknown method with an InputError naming method and listing the allowed values', () => {
    const call = () => proportionInterval(10, 3, { method: 'wald' as IntervalMethod, confidence: 0.95, sides: 2 });
    expect(call).toThrow(InputError);
    expect(call).toThrow('method: must be one of wilson, clopper-pearson, jeffreys, agresti-coull, got "wald"');
  });

  it('rejects bad counts: n ≥ 1 and 0 ≤ c ≤ n integers (non-integer c is not allowed)', () => {
    const options = { method: 'wilson', confidence: 0.95, sides: 2 } as const;
    expect(() => proportionInterval(0, 0, options)).toThrow(/^n: /);
    expect(() => proportionInterval(10.5, 3, options)).toThrow(/^n: /);
    expect(() => proportionInterval(10, 2.5, options)).toThrow(/^c: /);
    expect(() => proportionInterval(10, -1, options)).toThrow(/^c: /);
    expect(() => proportionInterval(10, 11, options)).toThrow(/^c: /);
    expect(() => proportionInterval(10, Number.NaN, options)).toThrow(InputError);
  });

  it('rejects bad options: confidence outside (0, 1), sides other than 1 or 2, a bad or misplaced tail', () => {
    const method = 'jeffreys';
    for (const confidence of [0, 1, 95, Number.NaN]) {
      expect(() => proportionInterval(10, 3, { method, confidence, sides: 2 })).toThrow(/^confidence: /);
    }
    expect(() => proportionInterval(10, 3, { method, confidence: 0.9, sides: 3 as 2 })).toThrow(/^sides: /);
    expect(() => proportionInterval(10, 3, { method, confidence: 0.9, sides: 1, tail: 'both' as 'lower' })).toThrow(/^tail: /);
    expect(() => proportionInterval(10, 3, { method, confidence: 0.9, sides: 2, tail: 'lower' })).toThrow(/^tail: /);
    expect(() => proportionInterval(10, 3, undefined as unknown as { method: 'wilson'; confidence: 0.9; sides: 2 })).toThrow(/^options: /);
  });
});

describe('proportionInterval: guards at their boundary', () => {
  it('options null, sides 3, a one-sided bound below 50 %, a tail where none applies: one InputError each, its rule in full', () => {
    const method = 'wilson';
    expect(() => proportionInterval(10, 3, null as unknown as { method: 'wilson'; confidence: 0.9; sides: 2 })).toThrow(
      new InputError('options', 'must be an object', null),
    );
    expect(() => proportionInterval(10, 3, { method, confidence: 0.9, sides: 3 as 2 })).toThrow(new InputError('sides', 'must be 1 or 2', 3));
    expect(() => proportionInterval(10, 3, { method, confidence: 0.9, sides: 2, tail: 'upper' })).toThrow(
      new InputError('tail', 'applies only to one-sided intervals (sides: 1)', 'upper'),
    );
    expect(() => proportionInterval(10, 3, { method, confidence: 0.9, sides: 1, tail: 'both' as 'lower' })).toThrow(
      new InputError('tail', 'must be "lower" or "upper"', 'both'),
    );
    const rule = 'must be at least 0.5 for a one-sided bound (below, a lower bound lies above the estimate)';
    expect(() => proportionInterval(10, 3, { method, confidence: 0.49, sides: 1 })).toThrow(new InputError('confidence', rule, 0.49));
    // At exactly 0.5 a one-sided bound is the estimate itself (z = 0): Wilson's [c/n, 1].
    const half = proportionInterval(10, 3, { method, confidence: 0.5, sides: 1 });
    expect(half.lower).toBeCloseTo(0.3, 15);
    expect(half.upper).toBe(1);
    // Two-sided intervals below 50 % are allowed (each bound at tail 0.3): the rule is for one side only.
    expect(() => proportionInterval(10, 3, { method, confidence: 0.4, sides: 2 })).not.toThrow();
  });
});
