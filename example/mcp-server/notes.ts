// The MCP example server's data: notes kept in memory, and the tool handlers that use them.
// Each handler gets arguments its generated validator accepted, typed by the declaration.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { ToolArgsByName } from "./generated/index.js";

export interface Note {
  readonly id: number;
  readonly title: string;
  readonly body: string;
  readonly tags: readonly string[];
}

/** The notes of one server process, numbered from 1 in the order they were added. */
export class NoteStore {
  readonly #notes: Note[] = [];
  #nextId = 1;

  add(title: string, body: string, tags: readonly string[] = []): Note {
    const note = { id: this.#nextId++, title, body, tags: [...tags] };
    this.#notes.push(note);
    return note;
  }

  all(): readonly Note[] {
    return this.#notes;
  }

  delete(id: number): boolean {
    const index = this.#notes.findIndex((note) => note.id === id);
    if (index < 0) return false;
    this.#notes.splice(index, 1);
    return true;
  }
}

type Handlers = {
  readonly [Name in keyof ToolArgsByName]: (args: ToolArgsByName[Name]) => CallToolResult;
};

function text(value: string, isError = false): CallToolResult {
  return { ...(isError ? { isError } : {}), content: [{ type: "text", text: value }] };
}

/** The server's tools, by name. */
export function noteHandlers(store: NoteStore): Handlers {
  return {
    add_note: ({ title, body, tags }) => {
      const note = store.add(title, body, tags);
      return text(`Added note #${note.id}: ${note.title}`);
    },
    list_notes: ({ tag }) => {
      const notes = store.all().filter((note) => tag === undefined || note.tags.includes(tag));
      if (notes.length === 0) return text("No notes.");
      return text(notes.map((note) => `#${note.id} ${note.title}`).join("\n"));
    },
    search_notes: ({ query, limit = 10, order = "newest" }) => {
      const needle = query.toLowerCase();
      const found = store
        .all()
        .filter((note) => `${note.title}\n${note.body}`.toLowerCase().includes(needle));
      if (order === "newest") found.reverse();
      const shown = found.slice(0, limit);
      if (shown.length === 0) return text(`No note matches "${query}".`);
      return text(shown.map((note) => `#${note.id} ${note.title}: ${note.body}`).join("\n"));
    },
    delete_note: ({ id }) =>
      store.delete(id) ? text(`Deleted note #${id}`) : text(`Note #${id} not found`, true),
  };
}

/** Runs a tool whose arguments were validated; an unknown name is an error result. */
export function callHandler(handlers: Handlers, name: string, args: unknown): CallToolResult {
  if (!Object.hasOwn(handlers, name)) return text(`Unknown tool: ${name}`, true);
  const handler = handlers[name as keyof Handlers] as (args: unknown) => CallToolResult;
  return handler(args);
}
