// A tool declaring every opt-in constraint keyword (CONTRACT.md section 3.1), for the benchmark of
// valid calls with all of them enforced (bench/measure/constraints.ts), and valid calls a model
// plausibly sends it. The schema is plain draft 2020-12 with `additionalProperties: false`, so
// that ajv reads it with the meaning ours enforces in strict mode.

export const CONSTRAINTS_TOOL = "place_order";

export const CONSTRAINTS_SCHEMA = {
  type: "object",
  properties: {
    customer_id: { type: "string", pattern: "^C[0-9]{4}$", minLength: 5, maxLength: 5 },
    limit: { type: "integer", minimum: 1, maximum: 20, multipleOf: 1 },
    price: { type: "number", exclusiveMinimum: 0, exclusiveMaximum: 100000, multipleOf: 0.01 },
    note: { type: "string", maxLength: 200 },
    tags: {
      type: "array",
      items: { type: "string", minLength: 1, maxLength: 20 },
      minItems: 1,
      maxItems: 5,
      uniqueItems: true,
    },
    range: {
      type: "array",
      prefixItems: [{ type: "integer", minimum: 0 }, { type: ["integer", "null"] }],
      items: false,
      minItems: 1,
    },
    env: {
      type: "object",
      minProperties: 1,
      maxProperties: 3,
      additionalProperties: { type: "string" },
    },
    kind: { type: "string", enum: ["order", "quote"], const: "order" },
    card: { type: "string" },
    billing: { type: "string" },
  },
  required: ["customer_id", "kind"],
  additionalProperties: false,
  dependentRequired: { card: ["billing"] },
} as const;

/** Valid calls, as a model sends them (each goes through JSON.parse). */
export const CONSTRAINTS_CALLS: readonly string[] = [
  '{"customer_id":"C0017","kind":"order"}',
  '{"customer_id":"C1234","kind":"order","limit":20}',
  '{"customer_id":"C0001","kind":"order","limit":1,"price":19.99}',
  '{"customer_id":"C9999","kind":"order","price":0.3,"note":"Leave at the door"}',
  '{"customer_id":"C4242","kind":"order","tags":["gift","fragile"],"limit":5}',
  '{"customer_id":"C0100","kind":"order","range":[0,10],"price":1250.5}',
  '{"customer_id":"C0101","kind":"order","range":[3,null]}',
  '{"customer_id":"C0102","kind":"order","env":{"REGION":"eu","TIER":"gold"}}',
  '{"customer_id":"C0103","kind":"order","card":"visa","billing":"1 Main St"}',
  '{"customer_id":"C0104","kind":"order","tags":["a","b","c","d","e"],"note":"Five tags, all different; 🎁 counts as one character"}',
  '{"customer_id":"C0105","kind":"order","limit":12,"price":99999.99,"range":[1],"env":{"A":"1"},"card":"amex","billing":"PO Box 7"}',
  '{"customer_id":"C0106","kind":"order","price":4.35,"tags":["rush"]}',
].map((text) => JSON.parse(text) as unknown) as never;
