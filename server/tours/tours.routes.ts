// PUT /api/users/tour-progress and GET /api/users/tour-progress/{id} (SPEC.md §7), for signed-in users only.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { TourProgress, TourProgressParams } from "../../contract";
import { requireUser } from "../accounts/sessions";
import type { Database } from "../db/database";
import { getTourProgress, saveTourProgress } from "./tours.service";

export async function toursRoutes(app: FastifyInstance, options: { db: Database }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get("/api/users/tour-progress/:id", { schema: { params: TourProgressParams, response: { 200: TourProgress } } }, async (request, reply) => {
    const user = requireUser(request);
    reply.header("cache-control", "no-store");
    return getTourProgress(options.db, user.id, request.params.id);
  });

  r.put("/api/users/tour-progress", { schema: { body: TourProgress, response: { 200: TourProgress } } }, async (request) => {
    const user = requireUser(request);
    return saveTourProgress(options.db, user.id, request.body);
  });
}
