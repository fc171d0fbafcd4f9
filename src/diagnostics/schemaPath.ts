/** Whether a key can be written bare: `a.key`, `{ key: 1 }`. */
export function isIdentifier(key: string): boolean {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key);
}

/**
 * Appends a key to a schema path as diagnostics show it: `parameters.properties.a`, or
 * `parameters.properties["-A"]` for a key that is not an identifier.
 */
export function joinKey(base: string, key: string): string {
  if (isIdentifier(key)) return base === "" ? key : `${base}.${key}`;
  return `${base}[${JSON.stringify(key)}]`;
}
