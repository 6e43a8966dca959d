// PUT /api/users/tour-progress: on success the cached progress of that tour is invalidated and refetched (SPEC.md §7).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { TourProgress } from "../../../../contract";
import { apiRequest } from "../../../lib/api-client";
import { tourProgressQueryOptions } from "./get-tour-progress";

export const saveTourProgress = (progress: TourProgress) =>
  apiRequest("/api/users/tour-progress", { method: "PUT", body: progress, schema: TourProgress });

export function useSaveTourProgress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTourProgress,
    onSuccess: (saved) => queryClient.invalidateQueries({ queryKey: tourProgressQueryOptions(saved.tourName).queryKey }),
  });
}
