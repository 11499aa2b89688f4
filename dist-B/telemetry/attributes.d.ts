/**
 * The attribute names the export uses. The GenAI names are copied from
 * `@opentelemetry/semantic-conventions/incubating` (1.45.0): incubating names may change in any
 * minor release, so they are pinned here rather than imported. `llm_do.*` names are llm-do's own.
 */
export declare const GEN_AI_OPERATION_NAME = "gen_ai.operation.name";
export declare const GEN_AI_PROVIDER_NAME = "gen_ai.provider.name";
export declare const GEN_AI_AGENT_NAME = "gen_ai.agent.name";
export declare const GEN_AI_REQUEST_MODEL = "gen_ai.request.model";
export declare const GEN_AI_REQUEST_MAX_TOKENS = "gen_ai.request.max_tokens";
export declare const GEN_AI_REQUEST_TEMPERATURE = "gen_ai.request.temperature";
export declare const GEN_AI_REQUEST_TOP_P = "gen_ai.request.top_p";
export declare const GEN_AI_REQUEST_TOP_K = "gen_ai.request.top_k";
export declare const GEN_AI_REQUEST_SEED = "gen_ai.request.seed";
export declare const GEN_AI_REQUEST_STOP_SEQUENCES = "gen_ai.request.stop_sequences";
export declare const GEN_AI_RESPONSE_FINISH_REASONS = "gen_ai.response.finish_reasons";
export declare const GEN_AI_USAGE_INPUT_TOKENS = "gen_ai.usage.input_tokens";
export declare const GEN_AI_USAGE_OUTPUT_TOKENS = "gen_ai.usage.output_tokens";
export declare const GEN_AI_USAGE_CACHE_READ_INPUT_TOKENS = "gen_ai.usage.cache_read.input_tokens";
export declare const GEN_AI_USAGE_CACHE_CREATION_INPUT_TOKENS = "gen_ai.usage.cache_creation.input_tokens";
export declare const GEN_AI_TOOL_NAME = "gen_ai.tool.name";
export declare const GEN_AI_TOOL_TYPE = "gen_ai.tool.type";
export declare const GEN_AI_TOOL_CALL_ID = "gen_ai.tool.call.id";
/** Content (only with `LLM_DO_OTEL_CONTENT=1`) from here to {@link GEN_AI_OUTPUT_MESSAGES}. */
export declare const GEN_AI_TOOL_CALL_ARGUMENTS = "gen_ai.tool.call.arguments";
export declare const GEN_AI_TOOL_CALL_RESULT = "gen_ai.tool.call.result";
export declare const GEN_AI_SYSTEM_INSTRUCTIONS = "gen_ai.system_instructions";
export declare const GEN_AI_INPUT_MESSAGES = "gen_ai.input.messages";
export declare const GEN_AI_OUTPUT_MESSAGES = "gen_ai.output.messages";
/** Stable (`@opentelemetry/semantic-conventions` `ATTR_ERROR_TYPE`). */
export declare const ERROR_TYPE = "error.type";
export declare const OPERATION_INVOKE_AGENT = "invoke_agent";
export declare const OPERATION_CHAT = "chat";
export declare const OPERATION_EXECUTE_TOOL = "execute_tool";
export declare const ATTR_LLM_DO_RUN_ID = "llm_do.run_id";
export declare const ATTR_LLM_DO_CALL_ID = "llm_do.call_id";
export declare const ATTR_LLM_DO_PARENT_CALL_ID = "llm_do.parent_call_id";
export declare const ATTR_LLM_DO_CHAIN = "llm_do.chain";
export declare const ATTR_LLM_DO_MODEL = "llm_do.model";
export declare const ATTR_LLM_DO_STEP = "llm_do.step";
export declare const ATTR_LLM_DO_COST_USD = "llm_do.usage.cost_usd";
export declare const ATTR_LLM_DO_RUN_STATUS = "llm_do.run.status";
