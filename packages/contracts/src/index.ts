export * from "./errors.ts";
export * from "./reference.ts";
