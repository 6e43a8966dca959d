// The guided tours' progress: each tour's as the server keeps it, and saving it.
import { HttpResponse, http } from "msw";
import type { TourName, TourProgress } from "../../../contract";

/** GET /api/users/tour-progress/{name}: the progress `answer` holds at each read (not started, unless it says). */
export const progress = (tourName: TourName, answer: () => Partial<TourProgress> = () => ({})) =>
  http.get(`/api/users/tour-progress/${tourName}`, () =>
    HttpResponse.json<TourProgress>({ tourName, currentStep: 0, isCompleted: false, ...answer() }),
  );

/** PUT /api/users/tour-progress: taken; `onSave` hears each progress saved, and the answer is what was saved. */
export const save = (onSave: (saved: TourProgress) => void = () => undefined) =>
  http.put("/api/users/tour-progress", async ({ request }) => {
    const saved = (await request.json()) as TourProgress;
    onSave(saved);
    return HttpResponse.json(saved);
  });
