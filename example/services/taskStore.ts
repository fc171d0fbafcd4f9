/** The session's task list (TaskCreate, TaskGet, TaskUpdate, TaskList). */

/**
 * How deeply a task's metadata may nest objects and arrays, counting the metadata object itself
 * as level 1 (`{"a": {"b": 1}}` has 2 levels). Deeper metadata is refused when a task is created
 * or updated, so that whatever the store holds can be shown (TaskGet) and serialised by a host.
 */
export const MAX_METADATA_DEPTH = 32;

export type TaskStatus = "pending" | "in_progress" | "completed";

export interface Task {
  id: string;
  subject: string;
  description: string;
  activeForm?: string;
  status: TaskStatus;
  owner?: string;
  /** Tasks that cannot start before this one is done. */
  blocks: string[];
  /** Tasks that must be done before this one. */
  blockedBy: string[];
  metadata: Record<string, unknown>;
}

export interface NewTask {
  subject: string;
  description: string;
  activeForm?: string;
  metadata?: Record<string, unknown>;
}

export interface TaskChanges {
  subject?: string;
  description?: string;
  activeForm?: string;
  owner?: string;
  status?: TaskStatus | "deleted";
  addBlocks?: readonly string[];
  addBlockedBy?: readonly string[];
  /** Merged key by key; a key set to null is removed. */
  metadata?: Record<string, unknown>;
}

export type TaskCreateOutcome = { ok: true; task: Task } | { ok: false; error: string };

export type TaskUpdateOutcome =
  | { ok: true; deleted: true; task: Task }
  | { ok: true; deleted: false; task: Task; changed: string[] }
  | { ok: false; error: string };

export function taskNotFound(id: string): string {
  return `Task #${id} not found`;
}

export class TaskStore {
  readonly #tasks = new Map<string, Task>();
  #lastId = 0;

  /** Adds a pending task; refuses metadata nested deeper than `MAX_METADATA_DEPTH`. */
  create(input: NewTask): TaskCreateOutcome {
    const problem = input.metadata && metadataProblem(input.metadata);
    if (problem !== undefined) return { ok: false, error: problem };
    this.#lastId += 1;
    const task: Task = {
      id: String(this.#lastId),
      subject: input.subject,
      description: input.description,
      status: "pending",
      blocks: [],
      blockedBy: [],
      metadata: mergeMetadata({}, input.metadata ?? {}),
    };
    if (input.activeForm !== undefined) task.activeForm = input.activeForm;
    this.#tasks.set(task.id, task);
    return { ok: true, task: copyTask(task) };
  }

  /** A copy of the task, or undefined. */
  get(id: string): Task | undefined {
    const task = this.#tasks.get(id);
    return task && copyTask(task);
  }

  /** Copies of every task, in creation order. */
  list(): Task[] {
    return [...this.#tasks.values()].map(copyTask);
  }

  /** Ids of the tasks that block this one and are not completed yet. */
  openBlockers(id: string): string[] {
    const task = this.#tasks.get(id);
    if (!task) return [];
    return task.blockedBy.filter((other) => this.#tasks.get(other)?.status !== "completed");
  }

  /** Applies every change or none: links are checked before anything is written. */
  update(id: string, changes: TaskChanges): TaskUpdateOutcome {
    const task = this.#tasks.get(id);
    if (!task) return { ok: false, error: taskNotFound(id) };

    if (changes.status === "deleted") {
      this.#tasks.delete(id);
      for (const other of this.#tasks.values()) {
        other.blocks = other.blocks.filter((x) => x !== id);
        other.blockedBy = other.blockedBy.filter((x) => x !== id);
      }
      return { ok: true, deleted: true, task: copyTask(task) };
    }

    for (const [field, ids] of [
      ["addBlocks", changes.addBlocks],
      ["addBlockedBy", changes.addBlockedBy],
    ] as const) {
      for (const other of ids ?? []) {
        if (other === id)
          return { ok: false, error: `Task #${id} cannot be linked to itself (${field}).` };
        if (!this.#tasks.has(other))
          return { ok: false, error: `${taskNotFound(other)} (in ${field})` };
      }
    }
    const problem = changes.metadata && metadataProblem(changes.metadata);
    if (problem !== undefined) return { ok: false, error: problem };

    const changed: string[] = [];
    for (const field of ["subject", "description", "activeForm", "owner"] as const) {
      const value = changes[field];
      if (value !== undefined && value !== task[field]) {
        task[field] = value;
        changed.push(field);
      }
    }
    if (changes.status !== undefined && changes.status !== task.status) {
      task.status = changes.status;
      changed.push("status");
    }
    // A blocks B <=> B blockedBy A: both sides are written together.
    let linked = false;
    for (const other of changes.addBlocks ?? []) linked = this.#link(id, other) || linked;
    if (linked) changed.push("blocks");
    linked = false;
    for (const other of changes.addBlockedBy ?? []) linked = this.#link(other, id) || linked;
    if (linked) changed.push("blockedBy");
    if (changes.metadata !== undefined && Object.keys(changes.metadata).length > 0) {
      task.metadata = mergeMetadata(task.metadata, changes.metadata);
      changed.push("metadata");
    }
    return { ok: true, deleted: false, task: copyTask(task), changed };
  }

  /** Records that `blocker` blocks `blocked`; false when the link already existed. */
  #link(blocker: string, blocked: string): boolean {
    const a = this.#tasks.get(blocker)!;
    const b = this.#tasks.get(blocked)!;
    const isNew = !a.blocks.includes(blocked) || !b.blockedBy.includes(blocker);
    if (!a.blocks.includes(blocked)) a.blocks.push(blocked);
    if (!b.blockedBy.includes(blocker)) b.blockedBy.push(blocker);
    return isNew;
  }
}

/** Why metadata cannot be kept (it nests too deeply), or undefined when it can. */
function metadataProblem(metadata: Record<string, unknown>): string | undefined {
  for (const key of Object.keys(metadata)) {
    if (nestsDeeperThan(metadata[key], MAX_METADATA_DEPTH - 1)) {
      return `metadata may nest objects and arrays at most ${MAX_METADATA_DEPTH} levels deep (metadata itself is level 1), but the value of ${JSON.stringify(key)} goes deeper. Store it flatter, e.g. as a JSON string.`;
    }
  }
  return undefined;
}

/**
 * True when `value` holds objects and arrays more than `levels` levels deep (a plain value has 0
 * levels). Walks with its own stack and stops at the first level too deep, so that any depth,
 * and a cycle, is safe to check.
 */
function nestsDeeperThan(value: unknown, levels: number): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [current, level] = next;
    if (typeof current !== "object" || current === null) continue;
    if (level > levels) return true;
    for (const item of Object.values(current)) pending.push([item, level + 1]);
  }
  return false;
}

/** Merges own keys of `patch` into a copy of `base`; null removes a key. */
function mergeMetadata(
  base: Record<string, unknown>,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const result = copyRecord(base);
  for (const key of Object.keys(patch)) {
    const value = patch[key];
    if (value === null) delete result[key];
    else if (value !== undefined) defineOwn(result, key, value);
  }
  return result;
}

function copyRecord(record: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(record)) defineOwn(result, key, record[key]);
  return result;
}

/** Sets a plain own property, even for a key such as "__proto__" that JSON.parse can produce. */
function defineOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

function copyTask(task: Task): Task {
  return {
    ...task,
    blocks: [...task.blocks],
    blockedBy: [...task.blockedBy],
    metadata: copyRecord(task.metadata),
  };
}
