// Exact decimal arithmetic for the multipleOf properties (exact.test.ts on the predicate,
// oracle.test.ts on generated validators): a number as the decimal JSON writes it, as a BigInt
// fraction, and random divisors and values across the whole range of doubles.
import fc from "fast-check";

/** A number's decimal as JSON writes it, as an exact fraction: integer * 10^exponent. */
function exactDecimal(value: number): { integer: bigint; exponent: number } {
  const match = /^-?(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(value));
  if (match === null) throw new Error(`not a decimal: ${value}`);
  const fraction = match[2] ?? "";
  return {
    integer: BigInt(match[1]! + fraction),
    exponent: Number(match[3] ?? 0) - fraction.length,
  };
}

/** Whether value / divisor is an integer, in exact decimal arithmetic. */
export function exactMultiple(value: number, divisor: number): boolean {
  const v = exactDecimal(value);
  const d = exactDecimal(divisor);
  if (v.exponent >= d.exponent) {
    return (v.integer * 10n ** BigInt(v.exponent - d.exponent)) % d.integer === 0n;
  }
  return v.integer % (d.integer * 10n ** BigInt(d.exponent - v.exponent)) === 0n;
}

/** A decimal `digits e exponent` with 1 to 17 significant digits, as a double. */
const decimal = (maxDigits: number, minExponent: number, maxExponent: number) =>
  fc
    .tuple(
      fc.bigInt({ min: 1n, max: 10n ** BigInt(maxDigits) - 1n }),
      fc.integer({ min: minExponent, max: maxExponent }),
    )
    .map(([digits, exponent]) => Number(`${digits}e${exponent}`))
    .filter((n) => Number.isFinite(n) && n > 0);

export const divisorArb = fc.oneof(
  decimal(3, -4, 2), // what declarations write: 0.01, 0.5, 25, 1e-4
  decimal(17, -20, 20),
  decimal(17, -330, 300),
  fc.constantFrom(1, 2, 3, 5, 10, 0.1, 0.01, 0.001, 1.5, 0.25, 1e-8, 0.123456789, 1e-308, 1e308),
);

export const valueArb = fc.oneof(
  decimal(6, -8, 4),
  decimal(17, -20, 25),
  decimal(17, -330, 300),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(
    0,
    -0,
    2 ** 53,
    2 ** 53 + 2,
    2 ** 60,
    Number.MAX_SAFE_INTEGER,
    Number.MAX_VALUE,
    5e-324,
  ),
);
