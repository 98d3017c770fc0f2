/** A number in a chart label: three significant digits, without trailing zeros (0.06655 → "0.0666"). */
export function threeDigits(value: number): string {
  return String(Number(value.toPrecision(3)));
}
