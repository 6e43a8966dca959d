// GET /authn/user: the signed-in user, or `isAuthenticated: false`.
// Until accounts exist (sign-up and sessions come with the accounts issue) every visitor is anonymous.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AuthUser } from "../../contract";

export async function authnRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/authn/user",
    { schema: { response: { 200: AuthUser } } },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return { isAuthenticated: false as const };
    },
  );
}
