// Issue 52 item 1 on a desktop: one overlay at a time (decision 082). The collisions are tour-collisions.ts's; the
// phone plays them in tours-collision.phone.spec.ts.
import { test } from "./fixtures";
import { visitorIp } from "./support";
import { operatorTourTest, tourCollisionTests } from "./tour-collisions";

test.use({ extraHTTPHeaders: { "X-Forwarded-For": visitorIp() }, viewport: { width: 1440, height: 900 } });

tourCollisionTests();
operatorTourTest();
