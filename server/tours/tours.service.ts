// Tour progress per user and tour name. A tour never seen reads as step 0, not completed.
import type { TourName, TourProgress } from "../../contract";
import type { Queryable } from "../db/database";

export async function getTourProgress(db: Queryable, userId: string, tourName: TourName): Promise<TourProgress> {
  const [row] = await db.query<{ current_step: number; is_completed: boolean }>(
    "select current_step, is_completed from tour_progress where user_id = $1 and tour_name = $2",
    [userId, tourName],
  );
  return { tourName, currentStep: row?.current_step ?? 0, isCompleted: row?.is_completed ?? false };
}

/**
 * Records where the user is in a tour. Completion is final (a tour runs once): a late step save that reaches the
 * server after the completion changes nothing.
 */
export async function saveTourProgress(db: Queryable, userId: string, progress: TourProgress): Promise<TourProgress> {
  const [row] = await db.query<{ current_step: number; is_completed: boolean }>(
    `insert into tour_progress (user_id, tour_name, current_step, is_completed) values ($1, $2, $3, $4)
     on conflict (user_id, tour_name)
       do update set
         current_step = case when tour_progress.is_completed then tour_progress.current_step else excluded.current_step end,
         is_completed = tour_progress.is_completed or excluded.is_completed,
         updated_at = now()
     returning current_step, is_completed`,
    [userId, progress.tourName, progress.currentStep, progress.isCompleted],
  );
  if (!row) throw new Error("tour progress not saved");
  return { tourName: progress.tourName, currentStep: row.current_step, isCompleted: row.is_completed };
}
