export const probe: string = "ok";
