// GET /api/users/tour-progress/{id}: one tour's progress, cached per tour. SPEC.md §7: it can be disabled by a flag:
// only asked when the caller enables it (signed-in users; anonymous visitors never ask) and tours are not switched
// off for the build (`VITE_GUIDED_TOURS=off`, e.g. for a kiosk or a demo recording).
import { queryOptions, useQuery } from "@tanstack/react-query";
import { TourProgress, type TourName } from "../../../../contract";
import { apiRequest } from "../../../lib/api-client";

export const tourProgressQueryOptions = (tourName: TourName) =>
  queryOptions({
    queryKey: ["tour-progress", tourName],
    queryFn: ({ signal }) => apiRequest(`/api/users/tour-progress/${tourName}`, { schema: TourProgress, signal }),
    retry: false,
  });

/** The build's flag: `VITE_GUIDED_TOURS=off` switches every tour off, and no progress is asked. */
export const areGuidedToursOn = import.meta.env.VITE_GUIDED_TOURS !== "off";

export function useTourProgress(tourName: TourName, { isEnabled }: { isEnabled: boolean }) {
  return useQuery({ ...tourProgressQueryOptions(tourName), enabled: isEnabled && areGuidedToursOn });
}
