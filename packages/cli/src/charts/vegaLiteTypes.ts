import type { BinParams } from 'vega-lite/types_unstable/bin.js';
import type { Field } from 'vega-lite/types_unstable/channeldef.js';
import type { Encoding } from 'vega-lite/types_unstable/encoding.js';
import type { LayerSpec } from 'vega-lite/types_unstable/spec/layer.js';
import type { UnitSpec } from 'vega-lite/types_unstable/spec/unit.js';

/**
 * The vega-lite types the chart builders check their specs against (vega-lite's JSON schema is
 * generated from these types, so a spec that type-checks has the schema's shape).
 */
export type ChartEncoding = Encoding<Field>;
/** The definition of one encoding channel, e.g. Channel<'color'>. */
export type Channel<C extends keyof ChartEncoding> = NonNullable<ChartEncoding[C]>;
/** One layer of a layered chart. */
export type Layer = LayerSpec<Field> | UnitSpec<Field>;
export type Bin = BinParams;
