/** True for an address the web tools accept: http or https. */
export function isHttpAddress(url: URL): boolean {
  return url.protocol === "http:" || url.protocol === "https:";
}
