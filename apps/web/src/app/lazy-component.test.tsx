import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Component, type ComponentType, type ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { LoadingState } from "../components/ui/status-panels.tsx";
import { allowConsoleErrors } from "../testing/console-guard.ts";
import { renderTestScreens } from "../testing/render-test-screens.tsx";
import { LoadErrorBoundary, lazyComponent } from "./lazy-component.tsx";

type Greeting = { name: string };

function Greeting({ name }: Greeting) {
  return <p>{`Hello, ${name}`}</p>;
}

/** A download the test settles by hand, as a slow signal would. */
function createDownload() {
  let settle = { resolve: (_: ComponentType<Greeting>) => {}, reject: (_: Error) => {} };
  const load = vi.fn(
    () =>
      new Promise<ComponentType<Greeting>>((resolve, reject) => {
        settle = { resolve, reject };
      }),
  );
  return {
    load,
    arrive: () => act(async () => settle.resolve(Greeting)),
    fail: () =>
      act(async () => settle.reject(new TypeError("Failed to fetch dynamically imported module"))),
  };
}

/** The app's layout and Screens error route around one lazy test screen, at /test/lazy. */
function renderScreen(Screen: ComponentType, startPath = "/test/lazy") {
  const router = renderTestScreens(
    [
      { path: "/test/start", element: <h1>Start</h1> },
      { path: "/test/lazy", element: <Screen /> },
    ],
    startPath,
  );
  return { main: within(screen.getByRole("main")), router };
}

describe("lazyComponent", () => {
  it("shows its loading state until the code arrives, then the component", async () => {
    const download = createDownload();
    const LazyGreeting = lazyComponent(download.load, <LoadingState label="Loading…" />);
    render(<LazyGreeting name="Aoife" />);

    expect(await screen.findByRole("status")).toHaveTextContent("Loading…");
    await download.arrive();

    expect(await screen.findByText("Hello, Aoife")).toBeInTheDocument();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });

  it("shows its loading state at once on a navigation, instead of keeping the last screen", async () => {
    const download = createDownload();
    const LazyGreeting = lazyComponent(download.load, <LoadingState label="Loading…" />);
    const { main, router } = renderScreen(() => <LazyGreeting name="Aoife" />, "/test/start");
    await main.findByRole("heading", { name: "Start" });

    await act(() => router.navigate("/test/lazy"));

    expect(main.getByRole("status")).toHaveTextContent("Loading…");
    expect(main.queryByRole("heading", { name: "Start" })).not.toBeInTheDocument();
    await download.arrive();
    expect(await main.findByText("Hello, Aoife")).toBeInTheDocument();
  });

  it("takes its loading text from the props when given a function", async () => {
    const download = createDownload();
    const LazyGreeting = lazyComponent(download.load, ({ name }) => (
      <LoadingState label={`Loading ${name}…`} />
    ));
    render(<LazyGreeting name="Aoife" />);

    expect(await screen.findByRole("status")).toHaveTextContent("Loading Aoife…");
  });

  it("downloads once, and a later mount shows the component at once", async () => {
    const download = createDownload();
    const LazyGreeting = lazyComponent(download.load, <LoadingState label="Loading…" />);
    const first = render(<LazyGreeting name="Aoife" />);
    await download.arrive();
    await screen.findByText("Hello, Aoife");
    first.unmount();

    render(<LazyGreeting name="Seán" />);

    expect(screen.getByText("Hello, Seán")).toBeInTheDocument();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    expect(download.load).toHaveBeenCalledTimes(1);
  });

  it("sends a screen whose code did not arrive to the error page, whose Try again downloads it again", async () => {
    allowConsoleErrors();
    const download = createDownload();
    const LazyGreeting = lazyComponent(download.load, <LoadingState label="Loading…" />);
    const { main } = renderScreen(() => <LazyGreeting name="Aoife" />);
    expect(await main.findByRole("status")).toHaveTextContent("Loading…");

    await download.fail();

    expect(
      await main.findByRole("heading", { level: 1, name: /Something went wrong on our side/ }),
    ).toBeInTheDocument();
    // The header stays: the page did not crash.
    expect(screen.getByRole("banner")).toBeInTheDocument();
    expect(download.load).toHaveBeenCalledTimes(1);

    await userEvent.setup().click(main.getByRole("button", { name: "Try again" }));
    expect(await main.findByRole("status")).toHaveTextContent("Loading…");
    expect(download.load).toHaveBeenCalledTimes(2);
    await download.arrive();

    expect(await main.findByText("Hello, Aoife")).toBeInTheDocument();
  });

  it("tries a download that fails at once only once, until the visitor asks again", async () => {
    allowConsoleErrors();
    const load = vi.fn(() => Promise.reject<ComponentType<Greeting>>(new TypeError("offline")));
    const LazyGreeting = lazyComponent(load, <LoadingState label="Loading…" />);
    const { main } = renderScreen(() => <LazyGreeting name="Aoife" />);

    expect(
      await main.findByRole("heading", { level: 1, name: /Something went wrong on our side/ }),
    ).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

class CatchAll extends Component<{ children: ReactNode }, { message: string | null }> {
  override state = { message: null };

  static getDerivedStateFromError(error: Error) {
    return { message: error.message };
  }

  override render() {
    return this.state.message === null ? this.props.children : <p>{this.state.message}</p>;
  }
}

describe("LoadErrorBoundary", () => {
  it("offers a retry for code that did not arrive, which downloads it again", async () => {
    allowConsoleErrors();
    const download = createDownload();
    const LazyGreeting = lazyComponent(download.load, <LoadingState label="Loading…" />);
    render(
      <LoadErrorBoundary
        renderLoadError={(retry) => (
          <button type="button" onClick={retry}>
            Try again
          </button>
        )}
      >
        <LazyGreeting name="Aoife" />
      </LoadErrorBoundary>,
    );
    await download.fail();

    await userEvent.setup().click(await screen.findByRole("button", { name: "Try again" }));
    await download.arrive();

    expect(await screen.findByText("Hello, Aoife")).toBeInTheDocument();
    expect(download.load).toHaveBeenCalledTimes(2);
  });

  it("downloads again every piece that failed together, not only the one it caught", async () => {
    allowConsoleErrors();
    const title = createDownload();
    const body = createDownload();
    const LazyTitle = lazyComponent(title.load, null);
    const LazyBody = lazyComponent(body.load, <LoadingState label="Loading…" />);
    render(
      <LoadErrorBoundary
        renderLoadError={(retry) => (
          <button type="button" onClick={retry}>
            Try again
          </button>
        )}
      >
        <LazyTitle name="title" />
        <LazyBody name="body" />
      </LoadErrorBoundary>,
    );
    await title.fail();
    await body.fail();

    await userEvent.setup().click(await screen.findByRole("button", { name: "Try again" }));
    await title.arrive();
    await body.arrive();

    expect(await screen.findByText("Hello, title")).toBeInTheDocument();
    expect(await screen.findByText("Hello, body")).toBeInTheDocument();
  });

  it("passes any other error on to the boundary above", async () => {
    allowConsoleErrors();
    function Broken(): never {
      throw new Error("render bug");
    }
    render(
      <CatchAll>
        <LoadErrorBoundary renderLoadError={() => <p>Try again</p>}>
          <Broken />
        </LoadErrorBoundary>
      </CatchAll>,
    );

    expect(await screen.findByText("render bug")).toBeInTheDocument();
    expect(screen.queryByText("Try again")).not.toBeInTheDocument();
  });
});
