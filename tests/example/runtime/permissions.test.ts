import { describe, expect, it } from "vitest";
import { modeVerdict } from "../../../example/runtime/permissions.js";
import { NamePatterns } from "../../../example/runtime/toolRegistry.js";
import type { PermissionMode, ToolPermission } from "../../../example/types.js";

describe("modeVerdict", () => {
  // [mode, permission, allowedInPlanMode, verdict]
  const table: [PermissionMode, ToolPermission, boolean, string][] = [
    ["default", "none", false, "allow"],
    ["default", "edit", false, "ask"],
    ["default", "ask", false, "ask"],
    ["acceptEdits", "none", false, "allow"],
    ["acceptEdits", "edit", false, "allow"],
    ["acceptEdits", "ask", false, "ask"],
    ["plan", "none", false, "allow"],
    ["plan", "edit", false, "deny"],
    ["plan", "ask", false, "deny"],
    ["plan", "ask", true, "ask"],
    ["plan", "edit", true, "ask"],
    ["bypassPermissions", "none", false, "allow"],
    ["bypassPermissions", "edit", false, "allow"],
    ["bypassPermissions", "ask", false, "allow"],
  ];
  it.each(table)(
    "%s mode, %s tool (allowed in plan mode: %s) -> %s",
    (mode, permission, inPlan, verdict) => {
      expect(modeVerdict(mode, permission, inPlan)).toBe(verdict);
    },
  );
});

describe("NamePatterns", () => {
  it("matches exact names case-insensitively and trailing-* prefixes", () => {
    const patterns = new NamePatterns(["Read", "mcp__github__*"]);
    expect(patterns.matches("read")).toBe(true);
    expect(patterns.matches("READ")).toBe(true);
    expect(patterns.matches("ReadFile")).toBe(false);
    expect(patterns.matches("mcp__github__create_issue")).toBe(true);
    expect(patterns.matches("MCP__GitHub__x")).toBe(true);
    expect(patterns.matches("mcp__gitlab__x")).toBe(false);
  });

  it("matches nothing when empty", () => {
    expect(new NamePatterns([]).matches("Read")).toBe(false);
  });
});
