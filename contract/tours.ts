// Guided tours (SPEC.md §2 "Guided tours", §3 Tour progress, §7): per-user progress per tour name.
import { z } from "./zod";

export const tourNames = ["MainPage", "AccountPopover", "SettingsPopover"] as const;
export const TourName = z.enum(tourNames, { error: "tours.errors.unknownTour" });
export type TourName = z.infer<typeof TourName>;

/** No tour has this many steps; a larger step is a bad request, not progress. */
export const TOUR_STEP_MAX = 50;
/** SPEC.md §9: the account and settings tours start this long after their menu opens. */
export const TOUR_START_DELAY_MS = 500;

/** PUT /api/users/tour-progress takes it; GET /api/users/tour-progress/{id} answers it. */
export const TourProgress = z.object({
  tourName: TourName,
  currentStep: z
    .number({ error: "tours.errors.invalidStep" })
    .int("tours.errors.invalidStep")
    .min(0, "tours.errors.invalidStep")
    .max(TOUR_STEP_MAX, "tours.errors.invalidStep"),
  isCompleted: z.boolean({ error: "validation.required" }),
});
export type TourProgress = z.infer<typeof TourProgress>;

export const TourProgressParams = z.object({ id: TourName });
