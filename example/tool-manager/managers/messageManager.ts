// The conversation's tool blocks as a UI shows them: one per call, updated as it runs.

export interface ToolBlock {
  readonly id: string;
  readonly name: string;
  /** The arguments as the model wrote them. */
  readonly parameters: string;
  readonly stage: "running" | "end";
  readonly success?: boolean;
  /** What the model reads back. */
  readonly result?: string;
  readonly error?: string;
}

export class MessageManager {
  readonly blocks: ToolBlock[] = [];

  updateToolBlock(block: ToolBlock): void {
    const index = this.blocks.findIndex((existing) => existing.id === block.id);
    if (index < 0) this.blocks.push(block);
    else this.blocks[index] = block;
  }
}
