// A yard phone (issue 25 item 9): Chromium throttled through the DevTools protocol to 400 kbit/s
// each way, 400 ms of latency and a 4× CPU slowdown, at 375 × 812, with an empty cache each run.
// It times, from the start of the navigation or the press:
//   - the landing page's main button, "Create your calendar", painted in the viewport (target
//     2.5 s), and the moment it works (the app has rendered over the pre-rendered page);
//   - "This week on the farm" after pressing Login on the landing page: its first shot painted
//     (target 3 s), for a farmer with three calendars saved through the API;
//   - the same list opened cold by a signed-in farmer (the phone's home-screen icon).
// The same-run baseline is a hello page (one button, one small stylesheet) served by a bare
// Fastify on this machine with the same throttling: what the network alone costs. Every
// response must be a 2xx or 3xx, or the bench fails. Against a running app:
//   VAXCAL_URL=http://localhost:<port> npm run bench:yard-phone -w @vaxcal/bench
// YARD_PHONE_RUNS sets the runs of each (3; the median is reported), CHROME_PATH the browser.
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { benchFarmerPassword, createBenchFarmer, type BenchFarmer } from "./bench-farmer.ts";
import { helloButtonText, startHelloPage } from "./hello-page.ts";
import { recordResult } from "./results.ts";

const baseUrl = (process.env.VAXCAL_URL ?? "http://localhost:3000").replace(/\/+$/, "");
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const runs = Math.max(1, Number(process.env.YARD_PHONE_RUNS ?? 3));

/** The yard phone: 400 kbit/s is 50,000 bytes a second. */
const yardPhone = { latency: 400, throughput: 50_000, cpuSlowdown: 4 };
const targets = { landingButtonMs: 2_500, farmWeekAfterLoginMs: 3_000 };

/**
 * Injected before any of the page's scripts (DevTools injections pass the page's CSP). Each
 * animation frame, it notes the first frame in which each watched element has a box inside the
 * viewport: Chromium runs no frame while a stylesheet still blocks rendering, so that frame is
 * the one that paints it. Times are from the navigation's start (`performance.now()`), in
 * `window.yardPhoneMarks`: `landingButton`, `appAlive` (the app has rendered over the
 * pre-rendered page), `loginPressed` and `farmWeekShot`. Browser code, so a string here.
 */
const watchForPaint = `(() => {
  const marks = (window.yardPhoneMarks = {});
  const watched = {
    landingButton: () => [...document.querySelectorAll("main button")].find(
      (button) => button.textContent.trim() === ${JSON.stringify(helloButtonText)}),
    farmWeekShot: () => document.querySelector(".farm-week__list li"),
  };
  const inViewport = (element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && box.top < innerHeight && box.bottom > 0;
  };
  document.addEventListener("click", (event) => {
    const button = event.target.closest?.('[role="dialog"] button');
    if (button?.textContent.trim() === "Login") marks.loginPressed ??= performance.now();
  }, true);
  const onFrame = () => {
    const now = performance.now();
    for (const [name, find] of Object.entries(watched)) {
      const element = marks[name] === undefined ? find() : null;
      if (element && inViewport(element)) marks[name] = now;
    }
    const root = document.getElementById("root");
    if (marks.appAlive === undefined && root && !root.hasAttribute("data-prerendered")) {
      marks.appAlive = now;
    }
    requestAnimationFrame(onFrame);
  };
  requestAnimationFrame(onFrame);
})();`;

/** A fresh profile's page (empty cache and storage) on the yard phone. */
async function openYardPhone(browser: Browser, failures: string[]) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 375, height: 812, isMobile: true, hasTouch: true });
  page.on("response", (response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
  });
  page.on("requestfailed", (request) => failures.push(`failed ${request.url()}`));
  await page.evaluateOnNewDocument(watchForPaint);
  const throttle = async () => {
    const session = await page.createCDPSession();
    await session.send("Network.enable");
    await session.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: yardPhone.latency,
      downloadThroughput: yardPhone.throughput,
      uploadThroughput: yardPhone.throughput,
    });
    await session.send("Emulation.setCPUThrottlingRate", { rate: yardPhone.cpuSlowdown });
  };
  return { page, throttle, close: () => context.close() };
}

async function readMark(page: Page, name: string, timeoutMs = 30_000): Promise<number> {
  const read = `window.yardPhoneMarks?.[${JSON.stringify(name)}]`;
  await page.waitForFunction(`${read} !== undefined`, { timeout: timeoutMs, polling: 50 });
  return (await page.evaluate(read)) as number;
}

type Timing = { shownMs: number; aliveMs?: number };

async function timeLandingButton(browser: Browser, url: string): Promise<Timing> {
  const failures: string[] = [];
  const phone = await openYardPhone(browser, failures);
  try {
    await phone.throttle();
    await phone.page.goto(url, { waitUntil: "load", timeout: 60_000 });
    const shownMs = await readMark(phone.page, "landingButton");
    const aliveMs = url.startsWith(baseUrl) ? await readMark(phone.page, "appAlive") : undefined;
    if (failures.length > 0) throw new Error(`${url}: ${failures.join(", ")}`);
    return { shownMs, ...(aliveMs === undefined ? {} : { aliveMs }) };
  } finally {
    await phone.close();
  }
}

/** From pressing Login on the landing page (already loaded) to the list's first shot painted. */
async function timeLoginToFarmWeek(browser: Browser, farmer: BenchFarmer): Promise<number> {
  const failures: string[] = [];
  const phone = await openYardPhone(browser, failures);
  const { page } = phone;
  try {
    await phone.throttle();
    await page.goto(`${baseUrl}/`, { waitUntil: "load", timeout: 60_000 });
    await readMark(page, "appAlive");
    await page.locator("button.menu-toggle").click();
    await page.locator("header button ::-p-text(Login)").click();
    const dialog = '[role="dialog"]';
    await page.locator(`${dialog} input[type="password"]`).wait();
    await page.locator(`${dialog} input:not([type="password"])`).fill(farmer.email);
    await page.locator(`${dialog} input[type="password"]`).fill(benchFarmerPassword);
    await page.locator(`${dialog} button[type="submit"]`).click();
    const shownMs = await readMark(page, "farmWeekShot");
    const pressedMs = await readMark(page, "loginPressed");
    if (!page.url().endsWith("/this-week")) throw new Error(`login ended on ${page.url()}`);
    if (failures.length > 0) throw new Error(`login: ${failures.join(", ")}`);
    return shownMs - pressedMs;
  } finally {
    await phone.close();
  }
}

/** A signed-in farmer opening /this-week with an empty cache. */
async function timeColdFarmWeek(browser: Browser, farmer: BenchFarmer): Promise<number> {
  const failures: string[] = [];
  const phone = await openYardPhone(browser, failures);
  const { page } = phone;
  try {
    // A plain file of the app's origin, unthrottled: its localStorage, without the app.
    await page.goto(`${baseUrl}/robots.txt`);
    await page.evaluate((token) => {
      localStorage.setItem("isAuthenticated", "true");
      localStorage.setItem("authToken", token);
    }, farmer.token);
    await phone.throttle();
    await page.goto(`${baseUrl}/this-week`, { waitUntil: "load", timeout: 60_000 });
    const shownMs = await readMark(page, "farmWeekShot");
    if (failures.length > 0) throw new Error(`/this-week: ${failures.join(", ")}`);
    return shownMs;
  } finally {
    await phone.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function medianOf(
  measure: () => Promise<number>,
): Promise<{ median: number; all: number[] }> {
  const all: number[] = [];
  for (let run = 0; run < runs; run++) all.push(Math.round(await measure()));
  return { median: median(all), all };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const browser = await puppeteer.launch({
  executablePath: chromePath,
  args: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic"],
});
const baseline = await startHelloPage();
let missed = false;
try {
  const farmer = await createBenchFarmer(baseUrl);
  const hello = await medianOf(
    async () => (await timeLandingButton(browser, baseline.url)).shownMs,
  );
  const aliveTimes: number[] = [];
  const landing = await medianOf(async () => {
    const timing = await timeLandingButton(browser, `${baseUrl}/`);
    aliveTimes.push(timing.aliveMs!);
    return timing.shownMs;
  });
  const afterLogin = await medianOf(() => timeLoginToFarmWeek(browser, farmer));
  const cold = await medianOf(() => timeColdFarmWeek(browser, farmer));
  const alive = median(aliveTimes);

  const rows = [
    {
      endpoint: "Yard phone: landing page's main button painted",
      ms: landing.median,
      all: landing.all,
      target: targets.landingButtonMs,
    },
    { endpoint: "Yard phone: landing page's buttons work", ms: alive, all: aliveTimes },
    {
      endpoint: "Yard phone: This week's first shot after pressing Login",
      ms: afterLogin.median,
      all: afterLogin.all,
      target: targets.farmWeekAfterLoginMs,
    },
    { endpoint: "Yard phone: /this-week opened cold, signed in", ms: cold.median, all: cold.all },
  ];
  console.log(`| measured (median of ${runs}) | time | each run | hello page | ratio | target |`);
  console.log("| --- | ---: | --- | ---: | ---: | --- |");
  for (const row of rows) {
    const met = row.target === undefined ? undefined : row.ms <= row.target;
    if (met === false) missed = true;
    const ratio = Math.round((row.ms / hello.median) * 10) / 10;
    console.log(
      `| ${row.endpoint} | ${seconds(row.ms)} | ${row.all.map(seconds).join(", ")} | ` +
        `${seconds(hello.median)} | ${ratio}× | ${row.target ? `≤ ${seconds(row.target)}` : "–"} |`,
    );
    recordResult({
      endpoint: row.endpoint,
      value: `${seconds(row.ms)} (median of ${runs})`,
      baselineName: `hello page: ${seconds(hello.median)}`,
      ratio,
      ...(row.target === undefined ? {} : { target: `≤ ${seconds(row.target)}`, met: met! }),
    });
  }
} finally {
  await baseline.close();
  await browser.close();
}
if (missed) {
  console.error("The yard phone misses a target (see the table).");
  process.exit(1);
}
