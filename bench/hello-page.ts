// The browser benches' same-run baseline (Lighthouse, the yard phone): a hello page with the
// landing page's main button and one small stylesheet, from a bare Fastify on this machine.
// Measured with the same throttling as the app, it is what the network and this machine's load
// alone cost at that moment.
import Fastify from "fastify";

export const helloButtonText = "Create your calendar";

export async function startHelloPage(): Promise<{ url: string; close: () => Promise<void> }> {
  const app = Fastify();
  app.get("/", (_request, reply) =>
    reply
      .type("text/html; charset=utf-8")
      .send(
        '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
          '<meta name="viewport" content="width=device-width, initial-scale=1">' +
          '<meta name="description" content="The benches\' baseline page.">' +
          '<title>Hello</title><link rel="icon" href="data:,">' +
          '<link rel="stylesheet" href="/hello.css"></head><body><main><h1>Hello</h1>' +
          `<button type="button">${helloButtonText}</button></main></body></html>`,
      ),
  );
  app.get("/hello.css", (_request, reply) =>
    reply.type("text/css").send("button { font: 1.25rem sans-serif; padding: 1rem; }"),
  );
  app.get("/robots.txt", (_request, reply) => reply.type("text/plain").send("User-agent: *\n"));
  // `localhost`, as the app is reached: the same name resolution for both.
  const address = await app.listen({ host: "127.0.0.1", port: 0 });
  return { url: address.replace("127.0.0.1", "localhost"), close: () => app.close() };
}
