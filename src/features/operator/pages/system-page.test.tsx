// The System page follows by itself: it reads again every few seconds and shows the new figures, and a reading that
// fails leaves the last one on screen, said to be old.
import { act, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { OperatorSystem, ProcessSummary } from "../../../../contract";
import { operatorApi, refusal } from "../../../../tests/support/msw";
import { json, renderRoutes } from "../../../../tests/support/render";
import { loadOperatorTexts } from "../../../lib/i18n";
import { OperatorArea } from "../operator-area";
import { SYSTEM_REFRESH_MS } from "../api/system";

beforeAll(() => loadOperatorTexts());
afterEach(() => {
  vi.useRealTimers();
});

const process = (change: Partial<ProcessSummary> = {}): ProcessSummary => ({
  id: "web-1:100:aaaa",
  host: "web-1",
  pid: 100,
  startedAt: "2030-01-01T09:00:00.000Z",
  seenAt: "2030-01-01T10:00:00.000Z",
  isDraining: false,
  redis: "ok",
  sockets: 3,
  bidsLastMinute: 12,
  refusedLastMinute: 1,
  ackP50Ms: 1.5,
  ackP99Ms: 9.25,
  acksInWindow: 40,
  requestsInWindow: 200,
  clientErrorsInWindow: 4,
  serverErrorsInWindow: 0,
  windowSeconds: 300,
  memoryBytes: 300 * 1_048_576,
  jobs: [{ task: "lifecycle", lastRunAt: "2030-01-01T09:59:58.000Z", runs: 100, failures: 0 }],
  ...change,
});

const reading = (processes: ProcessSummary[], serverNow = "2030-01-01T10:00:01.000Z"): OperatorSystem => ({
  serverNow,
  answeredBy: processes[0]!.id,
  processes,
  jobs: processes[0]!.jobs,
  database: { kind: "postgres", state: "ok", answerMs: 0.8, waiting: 0 },
});

const figure = (name: string) => within(screen.getByRole("list", { name: "The system in figures" })).getByText(name).parentElement!;

describe("the System page", () => {
  it("adds up the processes, and reads again by itself every few seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const readings = [
      reading([
        process(),
        process({ id: "web-2:200:bbbb", host: "web-2", pid: 200, sockets: 4, bidsLastMinute: 3, ackP99Ms: 20, serverErrorsInWindow: 2 }),
      ]),
      reading([process({ sockets: 9 })], "2030-01-01T10:00:06.000Z"),
    ];
    const api = operatorApi.answering({
      "GET /api/operator/system": () => json(readings[Math.min(api.callsTo("GET", "/api/operator/system").length, 2) - 1]),
    });
    renderRoutes([{ path: "operator/*", element: <OperatorArea /> }], "/operator/system");

    expect(await screen.findByRole("heading", { name: "System", level: 1 })).toBeInTheDocument();
    await vi.waitFor(() => expect(figure("Open sockets")).toHaveTextContent("7"));
    expect(figure("Processes")).toHaveTextContent("2");
    expect(figure("Bids a minute")).toHaveTextContent("15");
    // Quantiles are not added up: the slowest process's.
    expect(figure("Bid ack p50 / p99")).toHaveTextContent("1.5 ms / 20.0 ms");
    expect(figure("5xx answers")).toHaveTextContent("2");
    expect(screen.getByRole("listitem", { name: "web-2, process 200" })).toBeInTheDocument();
    expect(screen.getByText("Auction starts and ends")).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(SYSTEM_REFRESH_MS));
    await vi.waitFor(() => expect(figure("Open sockets")).toHaveTextContent("9"));
    expect(figure("Processes")).toHaveTextContent("1");
    expect(screen.queryByRole("listitem", { name: "web-2, process 200" })).not.toBeInTheDocument();
    expect(api.callsTo("GET", "/api/operator/system")).toHaveLength(2);
  });

  it("keeps the last reading when the next one fails, and says how old it is", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let isDown = false;
    operatorApi.answering({
      "GET /api/operator/system": () => (isDown ? refusal(503, "SERVICE_UNAVAILABLE") : json(reading([process()]))),
    });
    renderRoutes([{ path: "operator/*", element: <OperatorArea /> }], "/operator/system");
    await vi.waitFor(() => expect(figure("Open sockets")).toHaveTextContent("3"));

    isDown = true;
    await act(() => vi.advanceTimersByTimeAsync(SYSTEM_REFRESH_MS));
    expect(await screen.findByRole("alert")).toHaveTextContent(/Could not read the system just now: this is the reading of/);
    expect(figure("Open sockets")).toHaveTextContent("3");
  });
});
