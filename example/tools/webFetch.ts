import type { ToolPlugin } from "./toolPlugin.js";
import { WEB_FETCH_TOOL_NAME } from "./names.js";
import type { WebFetchArgs } from "../../generated/index.js";
import { failed } from "../core/results.js";
import { isHttpAddress } from "./support/webAddress.js";

const MAX_REDIRECTS = 10;
const TIMEOUT_MS = 30_000;
const MAX_DOWNLOAD_BYTES = 5 * 1024 * 1024;
const MAX_TEXT_CHARS = 100_000;
const USER_AGENT = "tool-validators-webfetch/0.1";

export const webFetchTool: ToolPlugin<WebFetchArgs> = {
  name: WEB_FETCH_TOOL_NAME,
  permission: "ask",
  config: {
    type: "function",
    function: {
      name: WEB_FETCH_TOOL_NAME,
      description: `Fetches an http(s) URL and returns its content as readable text (HTML is converted to text; scripts and styles are dropped), together with the prompt saying what to look for. Follows up to ${MAX_REDIRECTS} redirects, gives up after ${TIMEOUT_MS / 1000} s, reads at most ${MAX_DOWNLOAD_BYTES / 1024 / 1024} MB and returns at most ${MAX_TEXT_CHARS} characters.`,
      parameters: {
        type: "object",
        properties: {
          url: {
            type: "string",
            format: "uri",
            description: "The absolute http:// or https:// URL to fetch.",
          },
          prompt: {
            type: "string",
            description: "What to find out from the page; it is returned with the content.",
          },
        },
        required: ["url", "prompt"],
        additionalProperties: false,
      },
    },
  },
  async execute(args, context) {
    const { url, prompt } = args;
    let current: URL;
    try {
      current = new URL(url);
    } catch {
      return failed(`Invalid URL "${url}": give an absolute http:// or https:// URL.`);
    }
    if (!isHttpAddress(current)) {
      return failed(
        `Only http and https URLs can be fetched; "${url}" uses the ${current.protocol.slice(0, -1)} scheme.`,
      );
    }
    const signal = AbortSignal.any(
      context.signal
        ? [AbortSignal.timeout(TIMEOUT_MS), context.signal]
        : [AbortSignal.timeout(TIMEOUT_MS)],
    );
    try {
      let response: Response;
      for (let redirects = 0; ; redirects++) {
        response = await fetch(current, {
          redirect: "manual",
          signal,
          headers: { "user-agent": USER_AGENT, accept: "text/html, text/plain;q=0.9, */*;q=0.5" },
        });
        const location = response.headers.get("location");
        if (!isRedirect(response.status) || location === null) break;
        await response.body?.cancel();
        if (redirects === MAX_REDIRECTS) {
          return failed(`Too many redirects (more than ${MAX_REDIRECTS}) starting at ${url}.`);
        }
        let next: URL;
        try {
          next = new URL(location, current);
        } catch {
          return failed(`${current.href} redirected to an invalid location "${location}".`);
        }
        if (!isHttpAddress(next)) {
          return failed(`${current.href} redirected to ${next.href}, which is not an http(s) URL.`);
        }
        current = next;
      }
      if (!response.ok) {
        await response.body?.cancel();
        return failed(
          `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""} from ${current.href}`,
        );
      }
      const contentType = response.headers.get("content-type") ?? "";
      const mime = contentType.split(";")[0]!.trim().toLowerCase();
      if (mime !== "" && !isTextual(mime)) {
        await response.body?.cancel();
        return failed(
          `${current.href} returned ${mime}, which is not text; only text and HTML pages can be read.`,
        );
      }
      const { bytes, truncated } = await readCapped(response.body, MAX_DOWNLOAD_BYTES);
      const raw = decode(bytes, contentType);
      const html =
        mime === "text/html" ||
        mime === "application/xhtml+xml" ||
        (mime === "" && /^\s*<(!doctype html|html)/i.test(raw));
      let text = html ? htmlToText(raw, current) : raw.trim();
      const notes: string[] = [];
      if (truncated)
        notes.push(
          `[Download stopped at ${MAX_DOWNLOAD_BYTES} bytes; the rest of the page is missing]`,
        );
      if (text.length > MAX_TEXT_CHARS) {
        text = text.slice(0, MAX_TEXT_CHARS);
        notes.push(`[Text cut at ${MAX_TEXT_CHARS} characters]`);
      }
      const header =
        prompt.trim() === "" ? `Content of ${url}:` : `Content of ${url} (for: ${prompt}):`;
      const redirected =
        current.href !== new URL(url).href ? [`Redirected to: ${current.href}`] : [];
      const body = text === "" ? "(the page has no readable text)" : text;
      return {
        success: true,
        content: [header, ...redirected, body, ...notes].join("\n"),
        shortResult: `fetched ${bytes.length} bytes from ${current.host}`,
        metadata: {
          finalUrl: current.href,
          status: response.status,
          contentType,
          bytes: bytes.length,
        },
      };
    } catch (error) {
      return failed(describeFetchError(error, current, context.signal));
    }
  },
};

function isRedirect(status: number): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}

function isTextual(mime: string): boolean {
  return (
    mime.startsWith("text/") ||
    mime.endsWith("+json") ||
    mime.endsWith("+xml") ||
    [
      "application/json",
      "application/xml",
      "application/javascript",
      "application/x-yaml",
      "application/yaml",
    ].includes(mime)
  );
}

async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  cap: number,
): Promise<{ bytes: Buffer; truncated: boolean }> {
  if (!body) return { bytes: Buffer.alloc(0), truncated: false };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { bytes: Buffer.concat(chunks), truncated: false };
    if (size + value.length > cap) {
      chunks.push(value.subarray(0, cap - size));
      await reader.cancel();
      return { bytes: Buffer.concat(chunks), truncated: true };
    }
    chunks.push(value);
    size += value.length;
  }
}

function decode(bytes: Buffer, contentType: string): string {
  const charset = /charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1];
  try {
    return new TextDecoder(charset ?? "utf-8").decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

function describeFetchError(error: unknown, url: URL, turnSignal: AbortSignal | undefined): string {
  const err = error as Error & { cause?: { code?: string; message?: string } };
  if (err?.name === "TimeoutError")
    return `Timed out after ${TIMEOUT_MS / 1000} s fetching ${url.href}.`;
  if (turnSignal?.aborted || err?.name === "AbortError")
    return `Fetching ${url.href} was cancelled.`;
  const cause = err?.cause?.code ?? err?.cause?.message;
  return `Could not fetch ${url.href}: ${err?.message ?? String(error)}${cause ? ` (${cause})` : ""}`;
}

const BLOCK_TAGS =
  "p|div|section|article|header|footer|nav|main|aside|ul|ol|dl|dt|dd|table|thead|tbody|tfoot|tr|blockquote|form|fieldset|figure|figcaption|hr|address|details|summary|center";
const DROPPED_ELEMENTS = "script|style|noscript|template|svg|iframe|object|canvas|head";

/**
 * Turns HTML into readable text: drops scripts, styles and comments, keeps headings, paragraphs,
 * list items and preformatted blocks as lines, shows links as [text](url), decodes entities.
 */
export function htmlToText(html: string, baseUrl?: URL): string {
  const title = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(html)?.[1];
  let body = html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(new RegExp(`<(${DROPPED_ELEMENTS})\\b[^>]*>[\\s\\S]*?<\\/\\1\\s*>`, "gi"), "");
  // Preformatted blocks keep their whitespace: set them aside before whitespace is collapsed,
  // their places marked by their index between two private-use characters (U+E000).
  const preBlocks: string[] = [];
  body = body.replace(/<pre\b[^>]*>([\s\S]*?)<\/pre\s*>/gi, (_match, inner: string) => {
    preBlocks.push(decodeEntities(stripTags(inner)).replace(/^\n/, "").trimEnd());
    return `\n\n\ue000${preBlocks.length - 1}\ue000\n\n`;
  });
  body = body
    .replace(/\s+/g, " ")
    .replace(/<a\b([^>]*)>([\s\S]*?)<\/a\s*>/gi, (_match, attributes: string, inner: string) =>
      formatLink(attributes, inner, baseUrl),
    )
    .replace(/<h([1-6])\b[^>]*>/gi, (_match, level: string) => `\n\n${"#".repeat(Number(level))} `)
    .replace(/<\/h[1-6]\s*>/gi, "\n\n")
    .replace(/<li\b[^>]*>/gi, "\n- ")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(new RegExp(`<\\/?(${BLOCK_TAGS})\\b[^>]*>`, "gi"), "\n\n")
    .replace(/<\/?t[dh]\b[^>]*>/gi, " ");
  body = decodeEntities(stripTags(body));
  const lines = body.split("\n").map((line) => line.replace(/[ \t\u00a0]+/g, " ").trim());
  let text = lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim()
    .replace(/\ue000(\d+)\ue000/g, (_match, index: string) => preBlocks[Number(index)] ?? "");
  const cleanTitle = title && decodeEntities(stripTags(title)).replace(/\s+/g, " ").trim();
  if (cleanTitle) text = `Title: ${cleanTitle}\n\n${text}`;
  return text;
}

function formatLink(attributes: string, inner: string, baseUrl?: URL): string {
  const label = inner.trim();
  const href = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes);
  const raw = href && decodeEntities(href[1] ?? href[2] ?? href[3] ?? "").trim();
  if (!raw || raw.startsWith("#") || /^javascript:/i.test(raw)) return label;
  let target: string;
  try {
    target = new URL(raw, baseUrl).href;
  } catch {
    return label;
  }
  const shown = decodeEntities(stripTags(label)).trim();
  return shown === "" || shown === target ? target : `[${label}](${target})`;
}

function stripTags(html: string): string {
  return html.replace(/<\/?[A-Za-z!?][^>]*>/g, "");
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  copy: "\u00a9",
  reg: "\u00ae",
  trade: "\u2122",
  hellip: "\u2026",
  mdash: "\u2014",
  ndash: "\u2013",
  lsquo: "\u2018",
  rsquo: "\u2019",
  ldquo: "\u201c",
  rdquo: "\u201d",
  laquo: "\u00ab",
  raquo: "\u00bb",
  bull: "\u2022",
  middot: "\u00b7",
  euro: "\u20ac",
  pound: "\u00a3",
  deg: "\u00b0",
  times: "\u00d7",
};

/** Decodes numeric entities and the common named ones; unknown names stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(
    /&(#[xX][0-9a-fA-F]+|#[0-9]+|[A-Za-z][A-Za-z0-9]*);/g,
    (match, entity: string) => {
      if (entity.startsWith("#")) {
        const code =
          entity[1] === "x" || entity[1] === "X"
            ? parseInt(entity.slice(2), 16)
            : parseInt(entity.slice(1), 10);
        return Number.isInteger(code) &&
          code > 0 &&
          code <= 0x10ffff &&
          (code < 0xd800 || code > 0xdfff)
          ? String.fromCodePoint(code)
          : "\ufffd";
      }
      const name = Object.hasOwn(NAMED_ENTITIES, entity) ? entity : entity.toLowerCase();
      return Object.hasOwn(NAMED_ENTITIES, name) ? NAMED_ENTITIES[name]! : match;
    },
  );
}
