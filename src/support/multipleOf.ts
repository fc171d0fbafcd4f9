/**
 * `multipleOf` at run time (CONTRACT.md section 3.1), exact in decimal (the generator splits
 * a divisor with `decimalOf`). Copied into an output folder only where a validator uses it;
 * no function here throws.
 */

/**
 * The powers of ten that a double holds exactly (10^0 to 10^22).
 */
const POW10: readonly number[] = [
  1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17,
  1e18, 1e19, 1e20, 1e21, 1e22,
];

/** 2^51: below it, `Math.round` of a scaled value finds the integer it approximates. */
const TWO_51 = 2251799813685248;
/** 2^52: every double at or above it is an integer. */
const TWO_52 = 4503599627370496;
/** The largest mantissa whose remainder arithmetic (`r * 10 + 9`) stays exact in a double. */
const MAX_NUMBER_MODULUS = 900719925474099;

/**
 * A finite number as the decimal JSON writes it (the shortest text that reads back as the
 * same double, `String(value)`), as `digits * 10^exponent`: `digits` without a sign, without
 * leading or trailing zeros (`""` for zero). 19.99 is `{ digits: "1999", exponent: -2 }`, 1e21
 * is `{ digits: "1", exponent: 21 }`, 1200 is `{ digits: "12", exponent: 2 }`. Not for NaN or
 * the infinities.
 */
export interface Decimal {
  readonly digits: string;
  readonly exponent: number;
}

export function decimalOf(value: number): Decimal {
  const text = String(value);
  let digits = "";
  let exponent = 0;
  let fraction = false;
  let i = 0;
  if (text.charCodeAt(0) === 0x2d /* - */) i = 1;
  for (; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x2e /* . */) fraction = true;
    else if (code === 0x65 /* e */) {
      exponent += Number(text.slice(i + 1));
      break;
    } else {
      if (fraction) exponent--;
      // Leading zeros are dropped as they come ("0.0075" is 75e-4).
      if (code !== 0x30 || digits !== "") digits += text.charAt(i);
    }
  }
  let end = digits.length;
  while (end > 0 && digits.charCodeAt(end - 1) === 0x30) end--;
  exponent += digits.length - end;
  return end === 0 ? { digits: "", exponent: 0 } : { digits: digits.slice(0, end), exponent };
}

/**
 * `multipleOf`, exact in decimal: whether the value, read as the decimal JSON writes it
 * (`String(value)`: 19.99 is 19.99, not the binary fraction closest to it), is an integer
 * multiple of the divisor `mantissa * 10^exponent`. The generator splits the declared divisor
 * with `decimalOf` once (0.01 is mantissa 1, exponent -2; 1.5 is 15, -1; 5 is 5, 0): `mantissa`
 * must be a positive safe integer with no trailing zero digit, `exponent` an integer. For a
 * divisor whose mantissa is not a safe integer (16 or 17 digits), call `isMultipleOfDigits`.
 *
 * So 19.99 and 0.3 are multiples of 0.01 and 0.1, 0 is a multiple of everything, 1e308 is a
 * multiple of 1e-308, and any integer is a multiple of 1e-8. Integers above 2^53 are read as
 * JSON writes them too: 2^60 is 1152921504606847000. NaN and the infinities are multiples of
 * nothing.
 *
 * The usual calls (a safe integer by an integer, a value by a divisor with at most 22 decimal
 * places) cost a few arithmetic operations; only values beyond those ranges are written out as
 * text.
 */
export function isMultipleOf(value: number, mantissa: number, exponent: number): boolean {
  if (value === 0) return true;
  if (value - value !== 0) return false; // NaN and the infinities
  if (exponent >= 0) {
    if (Number.isSafeInteger(value)) {
      if (exponent < POW10.length) {
        const divisor = mantissa * (POW10[exponent] ?? Infinity);
        if (divisor <= Number.MAX_SAFE_INTEGER) return value % divisor === 0;
      }
    } else if (value < TWO_52 && value > -TWO_52) {
      // A fraction: its decimal is not an integer.
      return false;
    }
  } else if (-exponent < POW10.length) {
    // The value times 10^places is an integer r exactly when the decimal r * 10^-places reads
    // back as the value; then it is the value's shortest decimal (below 2^51 / 10^places two
    // such decimals are further apart than the doubles around the value), and the value is a
    // multiple when r is a multiple of the mantissa.
    const scale = POW10[-exponent] ?? Number.NaN;
    const scaled = value * scale;
    if (scaled < TWO_51 && scaled > -TWO_51) {
      const r = Math.round(scaled);
      return r / scale === value && r % mantissa === 0;
    }
  }
  return decimalMultiple(decimalOf(value), mantissa, String(mantissa), exponent);
}

/**
 * `isMultipleOf` for a divisor given as its digits (`digits * 10^exponent`, digits without a
 * sign, leading or trailing zeros): for the divisors whose mantissa is too long for a safe
 * integer. It uses BigInt arithmetic when the mantissa needs it.
 */
export function isMultipleOfDigits(value: number, digits: string, exponent: number): boolean {
  if (value === 0) return true;
  if (value - value !== 0) return false;
  const mantissa = Number(digits);
  if (Number.isSafeInteger(mantissa) && mantissa <= MAX_NUMBER_MODULUS)
    return isMultipleOf(value, mantissa, exponent);
  return decimalMultiple(decimalOf(value), Number.NaN, digits, exponent);
}

/**
 * Whether `value.digits * 10^value.exponent` is a multiple of `mantissa * 10^exponent` (the
 * mantissa as a number when it is at most MAX_NUMBER_MODULUS, else NaN and its digits used).
 */
function decimalMultiple(
  value: Decimal,
  mantissa: number,
  mantissaDigits: string,
  exponent: number,
): boolean {
  if (value.digits === "") return true;
  // The value's digits end in a non-zero digit: with fewer decimal places than the divisor's
  // it cannot be a multiple.
  if (value.exponent < exponent) return false;
  const shift = value.exponent - exponent;
  if (mantissa <= MAX_NUMBER_MODULUS) {
    if (mantissa === 1) return true;
    let r = 0;
    for (let i = 0; i < value.digits.length; i++) {
      r = (r * 10 + (value.digits.charCodeAt(i) - 0x30)) % mantissa;
    }
    for (let k = 0; k < shift && r !== 0; k++) r = (r * 10) % mantissa;
    return r === 0;
  }
  try {
    return (
      (BigInt(value.digits) * BigInt(10) ** BigInt(shift)) % BigInt(mantissaDigits) === BigInt(0)
    );
  } catch {
    return false;
  }
}
