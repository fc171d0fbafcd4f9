/** An integer from an environment variable (a test's size or seed), or `fallback` when unset. */
export function integerFromEnv(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === "") return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new Error(`${name} must be an integer, not ${text}`);
  return value;
}
