export { type EvaluatedRule, evaluateRules } from "./evaluate";
export { createModerationRuleService, type ModerationRuleService } from "./service";
export { createModerationStage, type RuleEffects, rememberingCounts } from "./stage";
export { createRuleTrials, type RuleTrials, type TrialReaders } from "./trial";
