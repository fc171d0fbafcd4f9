// prettier's AstPath (src/common/ast-path.js): the stack of nodes and property names from the
// root to the node being printed.
import type { Node } from "./estree.js";

type Key = string | number;

export class AstPath {
  readonly stack: unknown[];

  constructor(root: Node) {
    this.stack = [root];
  }

  get key(): Key | null {
    const { stack } = this;
    return (stack.at(this.siblings === null ? -2 : -4) as Key | undefined) ?? null;
  }

  get index(): number | null {
    return this.siblings === null ? null : (this.stack.at(-2) as number);
  }

  get node(): Node {
    return this.stack.at(-1);
  }

  get parent(): Node {
    return this.getNode(1);
  }

  get grandparent(): Node {
    return this.getNode(2);
  }

  get siblings(): Node[] | null {
    const maybe = this.stack.at(-3);
    return Array.isArray(maybe) ? maybe : null;
  }

  get next(): Node {
    const { siblings } = this;
    return siblings === null ? null : siblings[this.index! + 1];
  }

  get previous(): Node {
    const { siblings } = this;
    return siblings === null ? null : siblings[this.index! - 1];
  }

  get isFirst(): boolean {
    return this.index === 0;
  }

  get isLast(): boolean {
    const { siblings, index } = this;
    return siblings !== null && index === siblings.length - 1;
  }

  get isRoot(): boolean {
    return this.stack.length === 1;
  }

  get root(): Node {
    return this.stack[0];
  }

  getNode(count = 0): Node {
    const i = this.nodeStackIndex(count);
    return i === -1 ? null : this.stack[i];
  }

  getParentNode(count = 0): Node {
    return this.getNode(count + 1);
  }

  private nodeStackIndex(count: number): number {
    const { stack } = this;
    for (let i = stack.length - 1; i >= 0; i -= 2) {
      if (!Array.isArray(stack[i]) && --count < 0) return i;
    }
    return -1;
  }

  call<T>(callback: (path: AstPath) => T, ...names: Key[]): T {
    const { stack } = this;
    let value = stack[stack.length - 1] as Node;
    for (let i = 0; i < names.length; i++) {
      const name = names[i]!;
      value = value?.[name];
      stack.push(name, value);
    }
    try {
      return callback(this);
    } finally {
      // Pops rather than setting the length, which costs more.
      for (let i = 0; i < names.length; i++) {
        stack.pop();
        stack.pop();
      }
    }
  }

  /** `call` with one name, without the rest array. */
  call1<T>(callback: (path: AstPath) => T, name: Key): T {
    const { stack } = this;
    const parent = stack[stack.length - 1] as Node;
    stack.push(name, parent?.[name]);
    try {
      return callback(this);
    } finally {
      stack.pop();
      stack.pop();
    }
  }

  callParent<T>(callback: (path: AstPath) => T, count = 0): T {
    const i = this.nodeStackIndex(count + 1);
    const parentValues = this.stack.splice(i + 1);
    try {
      return callback(this);
    } finally {
      this.stack.push(...parentValues);
    }
  }

  each(callback: (path: AstPath, index: number, value: Node[]) => void, ...names: Key[]): void {
    const { stack } = this;
    const { length } = stack;
    let value = stack.at(-1) as Node;
    for (const name of names) {
      value = value[name];
      stack.push(name, value);
    }
    try {
      for (let i = 0; i < value.length; ++i) {
        stack.push(i, value[i]);
        callback(this, i, value);
        stack.pop();
        stack.pop();
      }
    } finally {
      stack.length = length;
    }
  }

  map<T>(callback: (path: AstPath, index: number, value: Node[]) => T, ...names: Key[]): T[] {
    const result: T[] = [];
    this.each(
      (path, index, value) => {
        result[index] = callback(path, index, value);
      },
      ...names,
    );
    return result;
  }

  match(
    ...predicates: (
      ((node: Node, name: Key | null, number: number | null) => boolean) | undefined
    )[]
  ): boolean {
    let pointer = this.stack.length - 1;
    let name: Key | null = null;
    let node = this.stack[pointer--] as Node;
    for (const predicate of predicates) {
      if (node === undefined) return false;
      let number: number | null = null;
      if (typeof name === "number") {
        number = name;
        name = this.stack[pointer--] as Key;
        node = this.stack[pointer--];
      }
      if (predicate && !predicate(node, name, number)) return false;
      name = this.stack[pointer--] as Key;
      node = this.stack[pointer--];
    }
    return true;
  }

  *ancestors(): Generator<Node> {
    const { stack } = this;
    for (let i = stack.length - 3; i >= 0; i -= 2) {
      const value = stack[i];
      if (!Array.isArray(value)) yield value;
    }
  }

  findAncestor(predicate: (node: Node) => boolean): Node {
    for (const node of this.ancestors()) if (predicate(node)) return node;
    return undefined;
  }

  hasAncestor(predicate: (node: Node) => boolean): boolean {
    for (const node of this.ancestors()) if (predicate(node)) return true;
    return false;
  }
}
