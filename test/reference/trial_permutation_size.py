# Null-size study of compare's paired tests with unequal trials (issue #42): the sign-flip test against
# the within-task trial permutation (hypergeometric) test. python3 test/reference/trial_permutation_size.py
# printed on 6 December 2026: pass^3, Beta(0.2, 2), n_A = 10, n_B = 3, T = 30: sign flip 0.095, trial permutation 0.048.
import numpy as np
from math import comb
rng=np.random.default_rng(5)
def passhat(n,c,k): return comb(c,k)/comb(n,k)
def passat(n,c,k): return 1-comb(n-c,k)/comb(n,k)
def signflip_p(d,R=2000):
    d=d[d!=0]
    if len(d)==0: return 1.0
    obs=abs(d.sum()); s=rng.choice([-1,1],size=(R,len(d)))
    return (1+np.sum(np.abs(s@d)>=obs-1e-9*np.abs(d).sum()))/(R+1)
def hyper_p(nA,nB,cA,cB,f,R=2000):
    S=cA+cB; N=nA+nB
    obs=abs(sum(f(nB[t],cB[t])-f(nA[t],cA[t]) for t in range(len(S))))
    xb=rng.hypergeometric(S, N-S, nB, size=(R,len(S)))
    sums=np.zeros(R)
    for t in range(len(S)):
        tab=np.array([f(nB[t],x)-f(nA[t],S[t]-x) if 0<=S[t]-x<=nA[t] else np.nan for x in range(nB[t]+1)])
        sums+=tab[xb[:,t]]
    return (1+np.sum(np.abs(sums)>=obs-1e-9))/(R+1)
T=30; nA=10; nB=3; k=3
for name,f in [('pass@1',lambda n,c: c/n),('pass^3',lambda n,c: passhat(n,c,3)),('pass@3',lambda n,c: passat(n,c,3))]:
  for pop in [(0.5,0.5),(0.2,2)]:
    rs=[];rh=[]
    for ds in range(600):
        p=rng.beta(*pop,size=T)
        cA=rng.binomial(nA,p); cB=rng.binomial(nB,p)
        d=np.array([f(nB,b)-f(nA,a) for a,b in zip(cA,cB)])
        rs.append(signflip_p(d)<=0.05)
        rh.append(hyper_p(np.full(T,nA),np.full(T,nB),cA,cB,f)<=0.05)
    print(name,pop,'signflip size %.3f  hyper size %.3f'%(np.mean(rs),np.mean(rh)))
