import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "../support/client";
import { startTestServer, type TestServer } from "../support/server";
import { bidderClient } from "../support/scene";

let server: TestServer;
let ip = 0;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const bidder = async () => (await bidderClient(server, `10.70.0.${++ip}`)).client;

describe("tour progress", () => {
  it("answers step 0, not completed, for a tour never seen", async () => {
    const client = await bidder();
    for (const tourName of ["MainPage", "AccountPopover", "SettingsPopover"]) {
      const answer = await client.get(`/api/users/tour-progress/${tourName}`);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ tourName, currentStep: 0, isCompleted: false });
      expect(answer.headers.get("cache-control")).toBe("no-store");
    }
  });

  it("saves the step, then completion with step 0, per tour and per user", async () => {
    const anna = await bidder();
    const otto = await bidder();

    const moved = await anna.put("/api/users/tour-progress", { tourName: "MainPage", currentStep: 3, isCompleted: false });
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({ tourName: "MainPage", currentStep: 3, isCompleted: false });
    expect((await anna.get("/api/users/tour-progress/MainPage")).body).toEqual({
      tourName: "MainPage",
      currentStep: 3,
      isCompleted: false,
    });

    await anna.put("/api/users/tour-progress", { tourName: "MainPage", currentStep: 0, isCompleted: true });
    expect((await anna.get("/api/users/tour-progress/MainPage")).body).toEqual({ tourName: "MainPage", currentStep: 0, isCompleted: true });

    // Completion is final: a step saved late (it left before the tour was closed) does not bring the tour back.
    const late = await anna.put("/api/users/tour-progress", { tourName: "MainPage", currentStep: 4, isCompleted: false });
    expect(late.body).toEqual({ tourName: "MainPage", currentStep: 0, isCompleted: true });
    expect((await anna.get("/api/users/tour-progress/MainPage")).body).toEqual({ tourName: "MainPage", currentStep: 0, isCompleted: true });

    // Other tours of the same user, and the same tour of another user, are untouched.
    expect((await anna.get("/api/users/tour-progress/AccountPopover")).body).toMatchObject({ currentStep: 0, isCompleted: false });
    expect((await otto.get("/api/users/tour-progress/MainPage")).body).toMatchObject({ currentStep: 0, isCompleted: false });
  });

  it("answers 401 to a visitor who is not signed in", async () => {
    const visitor = new TestClient(server.url, "10.70.1.1");
    expect((await visitor.get("/api/users/tour-progress/MainPage")).status).toBe(401);
    const put = await visitor.put("/api/users/tour-progress", { tourName: "MainPage", currentStep: 0, isCompleted: true });
    expect(put.status).toBe(401);
    expect(put.body).toMatchObject({ error: { code: "UNAUTHENTICATED" } });
  });

  it("refuses an unknown tour, a bad step or a missing flag with 400 and translatable issues, changing nothing", async () => {
    const client = await bidder();
    await client.put("/api/users/tour-progress", { tourName: "SettingsPopover", currentStep: 1, isCompleted: false });

    const cases: [unknown, string, string][] = [
      [{ tourName: "Checkout", currentStep: 0, isCompleted: true }, "tourName", "tours.errors.unknownTour"],
      [{ tourName: "SettingsPopover", currentStep: -1, isCompleted: true }, "currentStep", "tours.errors.invalidStep"],
      [{ tourName: "SettingsPopover", currentStep: 1.5, isCompleted: true }, "currentStep", "tours.errors.invalidStep"],
      [{ tourName: "SettingsPopover", currentStep: 51, isCompleted: true }, "currentStep", "tours.errors.invalidStep"],
      [{ tourName: "SettingsPopover", currentStep: "2", isCompleted: true }, "currentStep", "tours.errors.invalidStep"],
      [{ tourName: "SettingsPopover", currentStep: 0 }, "isCompleted", "validation.required"],
    ];
    for (const [body, path, message] of cases) {
      const answer = await client.put("/api/users/tour-progress", body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({ error: { code: "VALIDATION_FAILED", issues: [{ path, message }] } });
    }
    expect((await client.get("/api/users/tour-progress/SettingsPopover")).body).toEqual({
      tourName: "SettingsPopover",
      currentStep: 1,
      isCompleted: false,
    });

    const unknown = await client.get("/api/users/tour-progress/Checkout");
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ error: { code: "VALIDATION_FAILED" } });
  });

  it("needs SPEC.md's X-Requested-With header to save", async () => {
    const client = await bidder();
    const answer = await client.request(
      "PUT",
      "/api/users/tour-progress",
      { tourName: "MainPage", currentStep: 0, isCompleted: true },
      { "Content-Type": "application/json" },
    );
    expect(answer.status).toBe(403);
    expect((await client.get("/api/users/tour-progress/MainPage")).body).toMatchObject({ isCompleted: false });
  });
});
