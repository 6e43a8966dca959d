// The reality check (decision 095): the dialog's scheduler for the layout, and the profile's setting.
import { lazy } from "react";
import { withLaterTexts } from "../../lib/i18n";

export const RealityCheck = lazy(
  withLaterTexts(() => import("./components/reality-check").then((module) => ({ default: module.RealityCheck }))),
);
export const RealityCheckSetting = lazy(
  withLaterTexts(() => import("./components/reality-check-setting").then((module) => ({ default: module.RealityCheckSetting }))),
);
