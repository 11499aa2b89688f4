import { Et as _enum, Fn as object, Jn as string, Lt as boolean, Mt as any, Nt as array, Pn as number, Un as record, Yt as discriminatedUnion, bn as lazy, fn as intersection, gn as json, kt as _null, or as union, sr as unknown, xn as literal } from "./schemas-C-rNJMuT.js";
import { n as number$1 } from "./coerce-C_KrGEDJ.js";
import { $ as stringifyWithBigIntAndCycles, B as loadOptionalSetting, C as downloadBlob, D as generateId, G as postFormDataToApi, H as parseJSON, K as postJsonToApi, N as isNonNullable, Q as secureJsonParse, R as lazySchema, V as mediaTypeToExtension, W as parseProviderOptions, X as safeParseJSON, Z as safeValidateTypes, _ as createJsonResponseHandler, a as StreamingToolCallTracker, c as combineHeaders, ct as InvalidPromptError, d as convertToFormData, dt as TooManyEmbeddingValuesForCallError, g as createJsonErrorResponseHandler, ht as isJSONObject, it as zodSchema, l as convertBase64ToUint8Array, lt as InvalidResponseDataError, m as createEventSourceResponseHandler, nt as withUserAgentSuffix, ot as APICallError, p as createBinaryResponseHandler, pt as UnsupportedFunctionalityError, r as EMBEDDING_MODEL_MAX_INPUT_BYTES_PER_CALL, rt as withoutTrailingSlash, st as InvalidArgumentError, tt as validateTypes, u as convertToBase64, v as createProviderToolFactory, x as createToolNameMapping, y as createProviderToolFactoryWithOutputSchema, z as loadApiKey } from "./dist-CQnvtnco.js";
// node_modules/@ai-sdk/openai/dist/index.mjs
var openaiErrorDataSchema = () => object({ error: object({
	message: string(),
	type: string().nullish(),
	param: any().nullish(),
	code: union([string(), number()]).nullish()
}) });
var openaiErrorDataSchemaValidator = lazySchema(() => zodSchema(openaiErrorDataSchema()));
var openaiFailedResponseHandler = createJsonErrorResponseHandler({
	errorSchema: openaiErrorDataSchemaValidator,
	errorToMessage: (data) => data.error.message
});
function getOpenAILanguageModelCapabilities(modelId) {
	var _a2, _b, _c, _d, _e;
	const oSeriesVersion = getOSeriesVersion(modelId);
	const gptVersion = getGptVersion(modelId);
	const isGptChatModel = (gptVersion == null ? void 0 : gptVersion.minor) == null && ((_b = (_a2 = gptVersion == null ? void 0 : gptVersion.variant) == null ? void 0 : _a2.startsWith("chat")) != null ? _b : false);
	const isGptNanoModel = (_d = (_c = gptVersion == null ? void 0 : gptVersion.variant) == null ? void 0 : _c.startsWith("nano")) != null ? _d : false;
	const isGpt6OrLaterModel = gptVersion != null && gptVersion.major >= 6;
	const isGpt6OrLaterModelWithNoneEffort = modelId === "gpt-6-sol" || modelId === "gpt-6-luna" || modelId === "gpt-6.1-terra";
	const supportsFlexProcessing = oSeriesVersion != null && oSeriesVersion >= 3 || gptVersion != null && gptVersion.major >= 5 && !isGptChatModel;
	const supportsPriorityProcessing = modelId.startsWith("gpt-4") || gptVersion != null && gptVersion.major >= 5 && !isGptNanoModel && !isGptChatModel || oSeriesVersion != null && oSeriesVersion >= 3;
	const isReasoningModel = oSeriesVersion != null || gptVersion != null && gptVersion.major >= 5 && !isGptChatModel;
	const supportsNonReasoningParameters = !isGpt6OrLaterModel && gptVersion != null && (gptVersion.major > 5 || gptVersion.major === 5 && ((_e = gptVersion.minor) != null ? _e : 0) >= 1);
	return {
		supportsFlexProcessing,
		supportsPriorityProcessing,
		supportsConfigurationUpdate: isGpt6OrLaterModel,
		supportsAsyncToolCalling: isGpt6OrLaterModel,
		supportedReasoningEfforts: isGpt6OrLaterModelWithNoneEffort ? [
			"none",
			"low",
			"medium",
			"high",
			"xhigh",
			"max"
		] : isGpt6OrLaterModel ? [
			"low",
			"medium",
			"high",
			"xhigh",
			"max"
		] : void 0,
		isReasoningModel,
		systemMessageMode: isReasoningModel ? "developer" : "system",
		supportsNonReasoningParameters
	};
}
function getOSeriesVersion(modelId) {
	const match = /^o(\d+)(?:-|$)/.exec(modelId);
	return match == null ? void 0 : Number(match[1]);
}
function getGptVersion(modelId) {
	const match = /^gpt-(\d+)(?:\.(\d+))?(?:-(.+))?$/.exec(modelId);
	if (match == null) return;
	return {
		major: Number(match[1]),
		minor: match[2] == null ? void 0 : Number(match[2]),
		variant: match[3]
	};
}
function normalizeOpenAIJsonSchema(schema) {
	const normalizedSchema = normalizeSchema(schema, true);
	const reference = getSingletonReference(normalizedSchema);
	if (reference == null) return normalizedSchema;
	const { allOf: _allOf, ...schemaWithoutAllOf } = normalizedSchema;
	const referencedSchema = getLocalReferenceSchema(reference, normalizedSchema);
	return typeof referencedSchema !== "object" || referencedSchema == null ? normalizedSchema : {
		...referencedSchema,
		...schemaWithoutAllOf
	};
	function normalizeSchema(schema2, isRoot = false) {
		if (typeof schema2 !== "object" || schema2 == null) return schema2;
		const normalizedSchema2 = { ...schema2 };
		if (normalizedSchema2.properties != null) normalizedSchema2.properties = normalizeSchemaRecord(normalizedSchema2.properties);
		if (normalizedSchema2.patternProperties != null) normalizedSchema2.patternProperties = normalizeSchemaRecord(normalizedSchema2.patternProperties);
		if (normalizedSchema2.definitions != null) normalizedSchema2.definitions = normalizeSchemaRecord(normalizedSchema2.definitions);
		if (normalizedSchema2.$defs != null) normalizedSchema2.$defs = normalizeSchemaRecord(normalizedSchema2.$defs);
		if (normalizedSchema2.items != null) normalizedSchema2.items = Array.isArray(normalizedSchema2.items) ? normalizedSchema2.items.map((item) => normalizeSchema(item)) : normalizeSchema(normalizedSchema2.items);
		if (normalizedSchema2.allOf != null) normalizedSchema2.allOf = normalizedSchema2.allOf.map((item) => normalizeSchema(item));
		if (normalizedSchema2.anyOf != null) normalizedSchema2.anyOf = normalizedSchema2.anyOf.map((item) => normalizeSchema(item));
		if (normalizedSchema2.oneOf != null) normalizedSchema2.oneOf = normalizedSchema2.oneOf.map((item) => normalizeSchema(item));
		if (typeof normalizedSchema2.additionalProperties === "object" && normalizedSchema2.additionalProperties != null) normalizedSchema2.additionalProperties = normalizeSchema(normalizedSchema2.additionalProperties);
		const reference2 = getSingletonReference(normalizedSchema2);
		if (reference2 == null || isRoot) return normalizedSchema2;
		const { allOf: _allOf2, ...schemaWithoutAllOf2 } = normalizedSchema2;
		return {
			...schemaWithoutAllOf2,
			$ref: reference2
		};
	}
	function normalizeSchemaRecord(record) {
		return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, normalizeSchema(value)]));
	}
	function getSingletonReference(schema2) {
		var _a2;
		if (((_a2 = schema2.allOf) == null ? void 0 : _a2.length) !== 1) return;
		const [allOfSchema] = schema2.allOf;
		return typeof allOfSchema === "object" && allOfSchema != null && Object.keys(allOfSchema).length === 1 && typeof allOfSchema.$ref === "string" ? allOfSchema.$ref : void 0;
	}
	function getLocalReferenceSchema(reference2, schema2) {
		var _a2, _b;
		const match = /^#\/(definitions|\$defs)\/(.+)$/.exec(reference2);
		if (match == null) return;
		const [, keyword, encodedName] = match;
		const name = encodedName.replace(/~1/g, "/").replace(/~0/g, "~");
		return keyword === "definitions" ? (_a2 = schema2.definitions) == null ? void 0 : _a2[name] : (_b = schema2.$defs) == null ? void 0 : _b[name];
	}
}
function createOpenAIProviderStreamError(frame) {
	var _a2, _b;
	const streamError = parseStreamError(frame);
	if (streamError == null) return;
	const statusCode = getStatusCode(streamError);
	return {
		message: streamError.message,
		type: (_a2 = streamError.type) != null ? _a2 : void 0,
		code: (_b = streamError.code) != null ? _b : void 0,
		statusCode,
		isRetryable: isRetryableStreamError(streamError, statusCode),
		data: frame
	};
}
async function throwIfOpenAIStreamErrorBeforeOutput({ stream, getError, isOutputChunk, url, requestBodyValues, responseHeaders }) {
	const [streamForEarlyError, streamForConsumer] = stream.tee();
	const reader = streamForEarlyError.getReader();
	try {
		while (true) {
			const result = await reader.read();
			if (result.done) return streamForConsumer;
			const chunk = result.value;
			if (!chunk.success) return streamForConsumer;
			const errorFrame = getError(chunk.value);
			if (errorFrame != null) {
				streamForConsumer.cancel().catch(() => {});
				throw createOpenAIStreamError({
					frame: errorFrame,
					url,
					requestBodyValues,
					responseHeaders
				});
			}
			if (isOutputChunk(chunk.value)) return streamForConsumer;
		}
	} finally {
		reader.cancel().catch(() => {});
		reader.releaseLock();
	}
}
function createOpenAIStreamError({ frame, url, requestBodyValues, responseHeaders }) {
	var _a2;
	const streamError = parseStreamError(frame);
	return new APICallError({
		message: (_a2 = streamError == null ? void 0 : streamError.message) != null ? _a2 : "OpenAI stream failed before any output was generated",
		url,
		requestBodyValues,
		statusCode: streamError == null ? 500 : getStatusCode(streamError),
		responseHeaders,
		responseBody: JSON.stringify(frame),
		data: frame,
		isRetryable: streamError == null ? true : isRetryableStreamError(streamError, getStatusCode(streamError))
	});
}
function parseStreamError(frame) {
	var _a2;
	const value = asRecord(frame);
	if (value == null) return;
	if (value.type === "response.failed") {
		const response = asRecord(value.response);
		const responseError = asRecord(response == null ? void 0 : response.error);
		return typeof (responseError == null ? void 0 : responseError.message) === "string" ? {
			message: responseError.message,
			code: getStringOrNumber(responseError.code),
			type: "response.failed"
		} : void 0;
	}
	const error = (_a2 = asRecord(value.error)) != null ? _a2 : value;
	return typeof error.message === "string" && (asRecord(value.error) != null || typeof error.type === "string" || "code" in error || "param" in error) ? {
		message: error.message,
		code: getStringOrNumber(error.code),
		type: typeof error.type === "string" ? error.type : void 0
	} : void 0;
}
function getStatusCode(error) {
	if (typeof error.code === "number" && isHttpErrorStatusCode(error.code)) return error.code;
	if (typeof error.code === "string" && /^\d{3}$/.test(error.code)) {
		const numericCode = Number(error.code);
		if (isHttpErrorStatusCode(numericCode)) return numericCode;
	}
	const discriminator = [error.code, error.type].filter((value) => typeof value === "string" || typeof value === "number").join(" ").toLowerCase();
	if (["insufficient_quota", "rate_limit"].some((term) => discriminator.includes(term))) return 429;
	if (discriminator.includes("authentication")) return 401;
	if (discriminator.includes("permission")) return 403;
	if (discriminator.includes("not_found")) return 404;
	if ([
		"invalid",
		"bad_request",
		"context_length"
	].some((term) => discriminator.includes(term))) return 400;
	if (discriminator.includes("overload")) return 503;
	if (discriminator.includes("timeout")) return 504;
	return 500;
}
function asRecord(value) {
	return typeof value === "object" && value != null ? value : void 0;
}
function getStringOrNumber(value) {
	return typeof value === "string" || typeof value === "number" ? value : void 0;
}
function isHttpErrorStatusCode(value) {
	return Number.isInteger(value) && value >= 400 && value <= 599;
}
function isRetryableStatusCode(statusCode) {
	return statusCode === 408 || statusCode === 409 || statusCode === 429 || statusCode >= 500;
}
function isRetryableStreamError(error, statusCode) {
	if (error.code === "insufficient_quota" || error.type === "insufficient_quota") return false;
	return isRetryableStatusCode(statusCode);
}
function convertOpenAIChatUsage(usage) {
	var _a2, _b, _c, _d, _e, _f, _g, _h;
	if (usage == null) return {
		inputTokens: {
			total: void 0,
			noCache: void 0,
			cacheRead: void 0,
			cacheWrite: void 0
		},
		outputTokens: {
			total: void 0,
			text: void 0,
			reasoning: void 0
		},
		raw: void 0
	};
	const promptTokens = (_a2 = usage.prompt_tokens) != null ? _a2 : 0;
	const completionTokens = (_b = usage.completion_tokens) != null ? _b : 0;
	const cachedTokens = (_d = (_c = usage.prompt_tokens_details) == null ? void 0 : _c.cached_tokens) != null ? _d : 0;
	const cacheWriteTokens = (_f = (_e = usage.prompt_tokens_details) == null ? void 0 : _e.cache_write_tokens) != null ? _f : void 0;
	const reasoningTokens = (_h = (_g = usage.completion_tokens_details) == null ? void 0 : _g.reasoning_tokens) != null ? _h : 0;
	return {
		inputTokens: {
			total: promptTokens,
			noCache: promptTokens - cachedTokens - (cacheWriteTokens != null ? cacheWriteTokens : 0),
			cacheRead: cachedTokens,
			cacheWrite: cacheWriteTokens
		},
		outputTokens: {
			total: completionTokens,
			text: Math.max(0, completionTokens - reasoningTokens),
			reasoning: reasoningTokens
		},
		raw: usage
	};
}
function serializeToolCallArguments(input) {
	if (typeof input === "string") try {
		const parsed = secureJsonParse(input);
		if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return "{}";
		return input;
	} catch (e) {
		return "{}";
	}
	return stringifyWithBigIntAndCycles(typeof input === "object" && input !== null && !Array.isArray(input) ? input : {});
}
function getPromptCacheBreakpoint(providerOptions) {
	var _a2;
	return (_a2 = providerOptions == null ? void 0 : providerOptions.openai) == null ? void 0 : _a2.promptCacheBreakpoint;
}
function convertToOpenAIChatMessages({ prompt, systemMessageMode = "system" }) {
	var _a2, _b;
	const messages = [];
	const warnings = [];
	for (const { role, content, providerOptions } of prompt) switch (role) {
		case "system":
			switch (systemMessageMode) {
				case "system": {
					const promptCacheBreakpoint = getPromptCacheBreakpoint(providerOptions);
					messages.push({
						role: "system",
						content: promptCacheBreakpoint == null ? content : [{
							type: "text",
							text: content,
							prompt_cache_breakpoint: promptCacheBreakpoint
						}]
					});
					break;
				}
				case "developer": {
					const promptCacheBreakpoint = getPromptCacheBreakpoint(providerOptions);
					messages.push({
						role: "developer",
						content: promptCacheBreakpoint == null ? content : [{
							type: "text",
							text: content,
							prompt_cache_breakpoint: promptCacheBreakpoint
						}]
					});
					break;
				}
				case "remove":
					warnings.push({
						type: "other",
						message: "system messages are removed for this model"
					});
					break;
				default: throw new Error(`Unsupported system message mode: ${systemMessageMode}`);
			}
			break;
		case "user":
			if (content.length === 1 && content[0].type === "text" && getPromptCacheBreakpoint(content[0].providerOptions) == null) {
				messages.push({
					role: "user",
					content: content[0].text
				});
				break;
			}
			messages.push({
				role: "user",
				content: content.map((part, index) => {
					var _a3, _b2, _c;
					switch (part.type) {
						case "text": {
							const promptCacheBreakpoint = getPromptCacheBreakpoint(part.providerOptions);
							return {
								type: "text",
								text: part.text,
								...promptCacheBreakpoint != null && { prompt_cache_breakpoint: promptCacheBreakpoint }
							};
						}
						case "file": {
							const promptCacheBreakpoint = getPromptCacheBreakpoint(part.providerOptions);
							if (part.mediaType.startsWith("image/")) {
								const mediaType = part.mediaType === "image/*" ? "image/jpeg" : part.mediaType;
								return {
									type: "image_url",
									image_url: {
										url: part.data instanceof URL ? part.data.toString() : `data:${mediaType};base64,${convertToBase64(part.data)}`,
										detail: (_b2 = (_a3 = part.providerOptions) == null ? void 0 : _a3.openai) == null ? void 0 : _b2.imageDetail
									},
									...promptCacheBreakpoint != null && { prompt_cache_breakpoint: promptCacheBreakpoint }
								};
							} else if (part.mediaType.startsWith("audio/")) {
								if (part.data instanceof URL) throw new UnsupportedFunctionalityError({ functionality: "audio file parts with URLs" });
								switch (part.mediaType) {
									case "audio/wav": return {
										type: "input_audio",
										input_audio: {
											data: convertToBase64(part.data),
											format: "wav"
										},
										...promptCacheBreakpoint != null && { prompt_cache_breakpoint: promptCacheBreakpoint }
									};
									case "audio/mp3":
									case "audio/mpeg": return {
										type: "input_audio",
										input_audio: {
											data: convertToBase64(part.data),
											format: "mp3"
										},
										...promptCacheBreakpoint != null && { prompt_cache_breakpoint: promptCacheBreakpoint }
									};
									default: throw new UnsupportedFunctionalityError({ functionality: `audio content parts with media type ${part.mediaType}` });
								}
							} else if (part.mediaType === "application/pdf") {
								if (part.data instanceof URL) throw new UnsupportedFunctionalityError({ functionality: "PDF file parts with URLs" });
								return {
									type: "file",
									file: typeof part.data === "string" && part.data.startsWith("file-") ? { file_id: part.data } : {
										filename: (_c = part.filename) != null ? _c : `part-${index}.pdf`,
										file_data: `data:application/pdf;base64,${convertToBase64(part.data)}`
									},
									...promptCacheBreakpoint != null && { prompt_cache_breakpoint: promptCacheBreakpoint }
								};
							} else throw new UnsupportedFunctionalityError({ functionality: `file part media type ${part.mediaType}` });
						}
					}
				})
			});
			break;
		case "assistant": {
			let text = "";
			const textParts = [];
			let hasPromptCacheBreakpoint = false;
			const toolCalls = [];
			for (const part of content) switch (part.type) {
				case "text": {
					const promptCacheBreakpoint = getPromptCacheBreakpoint(part.providerOptions);
					text += part.text;
					textParts.push({
						type: "text",
						text: part.text,
						...promptCacheBreakpoint != null && { prompt_cache_breakpoint: promptCacheBreakpoint }
					});
					hasPromptCacheBreakpoint || (hasPromptCacheBreakpoint = promptCacheBreakpoint != null);
					break;
				}
				case "tool-call": toolCalls.push({
					id: part.toolCallId,
					type: "function",
					function: {
						name: part.toolName,
						arguments: serializeToolCallArguments(part.input)
					}
				});
			}
			messages.push({
				role: "assistant",
				content: hasPromptCacheBreakpoint ? textParts : toolCalls.length > 0 ? text || null : text,
				tool_calls: toolCalls.length > 0 ? toolCalls : void 0
			});
			break;
		}
		case "tool":
			for (const toolResponse of content) {
				if (toolResponse.type === "tool-approval-response") continue;
				const output = toolResponse.output;
				const promptCacheBreakpoint = (_a2 = output.type === "content" ? output.value.map((part) => getPromptCacheBreakpoint(part.providerOptions)).find((breakpoint) => breakpoint != null) : getPromptCacheBreakpoint(output.providerOptions)) != null ? _a2 : getPromptCacheBreakpoint(toolResponse.providerOptions);
				let contentValue;
				switch (output.type) {
					case "text":
					case "error-text":
						contentValue = output.value;
						break;
					case "execution-denied":
						contentValue = (_b = output.reason) != null ? _b : "Tool call execution denied.";
						break;
					case "content":
					case "json":
					case "error-json": contentValue = stringifyWithBigIntAndCycles(output.value);
				}
				messages.push({
					role: "tool",
					tool_call_id: toolResponse.toolCallId,
					content: promptCacheBreakpoint == null ? contentValue : [{
						type: "text",
						text: contentValue,
						prompt_cache_breakpoint: promptCacheBreakpoint
					}]
				});
			}
			break;
		default: throw new Error(`Unsupported role: ${role}`);
	}
	return {
		messages,
		warnings
	};
}
function getResponseMetadata({ id, model, created }) {
	return {
		id: id != null ? id : void 0,
		modelId: model != null ? model : void 0,
		timestamp: created ? /* @__PURE__ */ new Date(created * 1e3) : void 0
	};
}
function mapOpenAIFinishReason({ finishReason, hasRefusal = false }) {
	switch (finishReason) {
		case "stop": return hasRefusal ? "content-filter" : "stop";
		case "length": return "length";
		case "content_filter": return "content-filter";
		case "function_call":
		case "tool_calls": return "tool-calls";
		default: return "other";
	}
}
var openaiChatResponseSchema = lazySchema(() => zodSchema(object({
	id: string().nullish(),
	created: number().nullish(),
	model: string().nullish(),
	choices: array(object({
		message: object({
			role: literal("assistant").nullish(),
			content: string().nullish(),
			refusal: string().nullish(),
			audio: object({ transcript: string().nullish() }).nullish(),
			tool_calls: array(object({
				id: string().nullish(),
				type: literal("function"),
				function: object({
					name: string(),
					arguments: string()
				})
			})).nullish(),
			annotations: array(object({
				type: literal("url_citation"),
				url_citation: object({
					start_index: number(),
					end_index: number(),
					url: string(),
					title: string()
				})
			})).nullish()
		}),
		index: number(),
		logprobs: object({
			content: array(object({
				token: string(),
				logprob: number(),
				top_logprobs: array(object({
					token: string(),
					logprob: number()
				}))
			})).nullish(),
			refusal: array(object({
				token: string(),
				logprob: number(),
				top_logprobs: array(object({
					token: string(),
					logprob: number()
				}))
			})).nullish()
		}).nullish(),
		finish_reason: string().nullish()
	})),
	usage: object({
		prompt_tokens: number().nullish(),
		completion_tokens: number().nullish(),
		total_tokens: number().nullish(),
		prompt_tokens_details: object({
			cached_tokens: number().nullish(),
			cache_write_tokens: number().nullish()
		}).nullish(),
		completion_tokens_details: object({
			reasoning_tokens: number().nullish(),
			accepted_prediction_tokens: number().nullish(),
			rejected_prediction_tokens: number().nullish()
		}).nullish()
	}).nullish()
})));
var openaiChatChunkSchema = lazySchema(() => zodSchema(union([object({
	id: string().nullish(),
	created: number().nullish(),
	model: string().nullish(),
	choices: array(object({
		delta: object({
			role: _enum(["assistant"]).nullish(),
			content: string().nullish(),
			refusal: string().nullish(),
			tool_calls: array(object({
				index: number(),
				id: string().nullish(),
				type: literal("function").nullish(),
				function: object({
					name: string().nullish(),
					arguments: string().nullish()
				})
			})).nullish(),
			annotations: array(object({
				type: literal("url_citation"),
				url_citation: object({
					start_index: number(),
					end_index: number(),
					url: string(),
					title: string()
				})
			})).nullish()
		}).nullish(),
		logprobs: object({
			content: array(object({
				token: string(),
				logprob: number(),
				top_logprobs: array(object({
					token: string(),
					logprob: number()
				}))
			})).nullish(),
			refusal: array(object({
				token: string(),
				logprob: number(),
				top_logprobs: array(object({
					token: string(),
					logprob: number()
				}))
			})).nullish()
		}).nullish(),
		finish_reason: string().nullish(),
		index: number()
	})),
	usage: object({
		prompt_tokens: number().nullish(),
		completion_tokens: number().nullish(),
		total_tokens: number().nullish(),
		prompt_tokens_details: object({
			cached_tokens: number().nullish(),
			cache_write_tokens: number().nullish()
		}).nullish(),
		completion_tokens_details: object({
			reasoning_tokens: number().nullish(),
			accepted_prediction_tokens: number().nullish(),
			rejected_prediction_tokens: number().nullish()
		}).nullish()
	}).nullish()
}), openaiErrorDataSchema()])));
var openaiLanguageModelChatOptions = lazySchema(() => zodSchema(object({
	/**
	* Modify the likelihood of specified tokens appearing in the completion.
	*
	* Accepts a JSON object that maps tokens (specified by their token ID in
	* the GPT tokenizer) to an associated bias value from -100 to 100.
	*/
	logitBias: record(number$1(), number()).optional(),
	/**
	* Return the log probabilities of the tokens.
	*
	* Setting to true will return the log probabilities of the tokens that
	* were generated.
	*
	* Setting to a number will return the log probabilities of the top n
	* tokens that were generated.
	*/
	logprobs: union([boolean(), number()]).optional(),
	/**
	* Whether to enable parallel function calling during tool use. Default to true.
	*/
	parallelToolCalls: boolean().optional(),
	/**
	* A unique identifier representing your end-user, which can help OpenAI to
	* monitor and detect abuse.
	*/
	user: string().optional(),
	/**
	* Reasoning effort for reasoning models. Defaults to `medium`.
	* GPT-6 and later models support 'low' | 'medium' | 'high' | 'xhigh' | 'max'.
	*/
	reasoningEffort: _enum([
		"none",
		"minimal",
		"low",
		"medium",
		"high",
		"xhigh",
		"max"
	]).optional(),
	/**
	* Maximum number of completion tokens to generate. Useful for reasoning models.
	*/
	maxCompletionTokens: number().optional(),
	/**
	* Whether to enable persistence in responses API.
	*/
	store: boolean().optional(),
	/**
	* Metadata to associate with the request.
	*/
	metadata: record(string().max(64), string().max(512)).optional(),
	/**
	* Parameters for prediction mode.
	*/
	prediction: record(string(), any()).optional(),
	/**
	* Service tier for the request.
	* - 'auto': Default service tier. The request will be processed with the service tier configured in the
	*           Project settings. Unless otherwise configured, the Project will use 'default'.
	* - 'flex': 50% cheaper processing at the cost of increased latency. Only available for o3 and o4-mini models.
	* - 'priority': Higher-speed processing with predictably low latency at premium cost. Available for Enterprise customers.
	* - 'fast': OpenAI's newer name for the 'priority' tier. Interchangeable with it.
	* - 'ultrafast': Access-controlled Ultrafast processing. Only available for gpt-5.6-sol.
	* - 'default': The request will be processed with the standard pricing and performance for the selected model.
	*
	* @default 'auto'
	*/
	serviceTier: _enum([
		"auto",
		"flex",
		"priority",
		"fast",
		"ultrafast",
		"default"
	]).optional(),
	/**
	* Whether to use strict JSON schema validation.
	*
	* @default true
	*/
	strictJsonSchema: boolean().optional(),
	/**
	* Controls the verbosity of the model's responses.
	* Lower values will result in more concise responses, while higher values will result in more verbose responses.
	*/
	textVerbosity: _enum([
		"low",
		"medium",
		"high"
	]).optional(),
	/**
	* A cache key for prompt caching. Allows manual control over prompt caching behavior.
	* Useful for improving cache hit rates and working around automatic caching issues.
	*/
	promptCacheKey: string().optional(),
	/**
	* Prompt cache behavior for GPT-5.6 and later models.
	* `mode` controls whether OpenAI also places an implicit breakpoint.
	* `ttl` sets the minimum cache lifetime and currently only supports 30 minutes.
	*/
	promptCacheOptions: object({
		mode: _enum(["implicit", "explicit"]).optional(),
		ttl: literal("30m").optional()
	}).optional(),
	/**
	* The retention policy for the prompt cache.
	* - 'in_memory': Default. Standard prompt caching behavior.
	* - '24h': Extended prompt caching that keeps cached prefixes active for up to 24 hours.
	*          Available for models before GPT-5.6 that support extended caching.
	*
	* @deprecated For GPT-5.6 and later models, use `promptCacheOptions.ttl`.
	*
	* @default 'in_memory'
	*/
	promptCacheRetention: _enum(["in_memory", "24h"]).optional(),
	/**
	* A stable identifier used to help detect users of your application
	* that may be violating OpenAI's usage policies. The IDs should be a
	* string that uniquely identifies each user. We recommend hashing their
	* username or email address, in order to avoid sending us any identifying
	* information.
	*/
	safetyIdentifier: string().optional(),
	/**
	* Override the system message mode for this model.
	* - 'system': Use the 'system' role for system messages (default for most models)
	* - 'developer': Use the 'developer' role for system messages (used by reasoning models)
	* - 'remove': Remove system messages entirely
	*
	* If not specified, the mode is automatically determined based on the model.
	*/
	systemMessageMode: _enum([
		"system",
		"developer",
		"remove"
	]).optional(),
	/**
	* Force treating this model as a reasoning model.
	*
	* This is useful for "stealth" reasoning models (e.g. via a custom baseURL)
	* where the model ID is not recognized by the SDK's allowlist.
	*
	* When enabled, the SDK applies reasoning-model parameter compatibility rules
	* and defaults `systemMessageMode` to `developer` unless overridden.
	*/
	forceReasoning: boolean().optional()
})));
function prepareChatTools({ tools, toolChoice }) {
	tools = (tools == null ? void 0 : tools.length) ? tools : void 0;
	const toolWarnings = [];
	if (tools == null) return {
		tools: void 0,
		toolChoice: void 0,
		toolWarnings
	};
	const openaiTools2 = [];
	for (const tool of tools) switch (tool.type) {
		case "function":
			openaiTools2.push({
				type: "function",
				function: {
					name: tool.name,
					description: tool.description,
					parameters: tool.inputSchema,
					...tool.strict != null ? { strict: tool.strict } : {}
				}
			});
			break;
		default: toolWarnings.push({
			type: "unsupported",
			feature: `tool type: ${tool.type}`
		});
	}
	if (toolChoice == null) return {
		tools: openaiTools2,
		toolChoice: void 0,
		toolWarnings
	};
	const type = toolChoice.type;
	switch (type) {
		case "auto":
		case "none":
		case "required": return {
			tools: openaiTools2,
			toolChoice: type,
			toolWarnings
		};
		case "tool": return {
			tools: openaiTools2,
			toolChoice: {
				type: "function",
				function: { name: toolChoice.toolName }
			},
			toolWarnings
		};
		default: throw new UnsupportedFunctionalityError({ functionality: `tool choice type: ${type}` });
	}
}
var OpenAIChatLanguageModel = class {
	constructor(modelId, config) {
		this.specificationVersion = "v3";
		this.supportedUrls = { "image/*": [/^https?:\/\/.*$/] };
		this.modelId = modelId;
		this.config = config;
	}
	get provider() {
		return this.config.provider;
	}
	async getArgs({ prompt, maxOutputTokens, temperature, topP, topK, frequencyPenalty, presencePenalty, stopSequences, responseFormat, seed, tools, toolChoice, providerOptions }) {
		var _a2, _b, _c, _d, _e;
		const warnings = [];
		const openaiOptions = (_a2 = await parseProviderOptions({
			provider: "openai",
			providerOptions,
			schema: openaiLanguageModelChatOptions
		})) != null ? _a2 : {};
		const modelCapabilities = getOpenAILanguageModelCapabilities(this.modelId);
		const isReasoningModel = (_b = openaiOptions.forceReasoning) != null ? _b : modelCapabilities.isReasoningModel;
		let resolvedReasoningEffort = openaiOptions.reasoningEffort;
		if (resolvedReasoningEffort != null && modelCapabilities.supportedReasoningEfforts != null && !modelCapabilities.supportedReasoningEfforts.includes(resolvedReasoningEffort)) {
			warnings.push({
				type: "unsupported",
				feature: "reasoningEffort",
				details: `${this.modelId} only supports the following reasoning efforts: ${modelCapabilities.supportedReasoningEfforts.join(", ")}`
			});
			resolvedReasoningEffort = void 0;
		}
		if (topK != null) warnings.push({
			type: "unsupported",
			feature: "topK"
		});
		const { messages, warnings: messageWarnings } = convertToOpenAIChatMessages({
			prompt,
			systemMessageMode: (_c = openaiOptions.systemMessageMode) != null ? _c : isReasoningModel ? "developer" : modelCapabilities.systemMessageMode
		});
		warnings.push(...messageWarnings);
		const strictJsonSchema = (_d = openaiOptions.strictJsonSchema) != null ? _d : true;
		const baseArgs = {
			model: this.modelId,
			logit_bias: openaiOptions.logitBias,
			logprobs: openaiOptions.logprobs === true || typeof openaiOptions.logprobs === "number" ? true : void 0,
			top_logprobs: typeof openaiOptions.logprobs === "number" ? openaiOptions.logprobs : typeof openaiOptions.logprobs === "boolean" ? openaiOptions.logprobs ? 0 : void 0 : void 0,
			user: openaiOptions.user,
			parallel_tool_calls: openaiOptions.parallelToolCalls,
			max_tokens: maxOutputTokens,
			temperature,
			top_p: topP,
			frequency_penalty: frequencyPenalty,
			presence_penalty: presencePenalty,
			response_format: (responseFormat == null ? void 0 : responseFormat.type) === "json" ? responseFormat.schema != null ? {
				type: "json_schema",
				json_schema: {
					schema: normalizeOpenAIJsonSchema(responseFormat.schema),
					strict: strictJsonSchema,
					name: (_e = responseFormat.name) != null ? _e : "response",
					description: responseFormat.description
				}
			} : { type: "json_object" } : void 0,
			stop: stopSequences,
			seed,
			verbosity: openaiOptions.textVerbosity,
			max_completion_tokens: openaiOptions.maxCompletionTokens,
			store: openaiOptions.store,
			metadata: openaiOptions.metadata,
			prediction: openaiOptions.prediction,
			reasoning_effort: resolvedReasoningEffort,
			service_tier: openaiOptions.serviceTier,
			prompt_cache_key: openaiOptions.promptCacheKey,
			prompt_cache_options: openaiOptions.promptCacheOptions,
			prompt_cache_retention: openaiOptions.promptCacheRetention,
			safety_identifier: openaiOptions.safetyIdentifier,
			messages
		};
		if (modelCapabilities.supportedReasoningEfforts != null && baseArgs.prompt_cache_retention != null) {
			baseArgs.prompt_cache_retention = void 0;
			warnings.push({
				type: "unsupported",
				feature: "promptCacheRetention",
				details: "promptCacheRetention is not supported by GPT-6 and later models; use promptCacheOptions instead"
			});
		}
		if (isReasoningModel) {
			if (openaiOptions.reasoningEffort !== "none" || !modelCapabilities.supportsNonReasoningParameters) {
				if (baseArgs.temperature != null) {
					baseArgs.temperature = void 0;
					warnings.push({
						type: "unsupported",
						feature: "temperature",
						details: "temperature is not supported for reasoning models"
					});
				}
				if (baseArgs.top_p != null) {
					baseArgs.top_p = void 0;
					warnings.push({
						type: "unsupported",
						feature: "topP",
						details: "topP is not supported for reasoning models"
					});
				}
				if (baseArgs.logprobs != null) {
					baseArgs.logprobs = void 0;
					warnings.push({
						type: "other",
						message: "logprobs is not supported for reasoning models"
					});
				}
			}
			if (baseArgs.frequency_penalty != null) {
				baseArgs.frequency_penalty = void 0;
				warnings.push({
					type: "unsupported",
					feature: "frequencyPenalty",
					details: "frequencyPenalty is not supported for reasoning models"
				});
			}
			if (baseArgs.presence_penalty != null) {
				baseArgs.presence_penalty = void 0;
				warnings.push({
					type: "unsupported",
					feature: "presencePenalty",
					details: "presencePenalty is not supported for reasoning models"
				});
			}
			if (baseArgs.logit_bias != null) {
				baseArgs.logit_bias = void 0;
				warnings.push({
					type: "other",
					message: "logitBias is not supported for reasoning models"
				});
			}
			if (baseArgs.top_logprobs != null) {
				baseArgs.top_logprobs = void 0;
				warnings.push({
					type: "other",
					message: "topLogprobs is not supported for reasoning models"
				});
			}
			if (baseArgs.max_tokens != null) {
				if (baseArgs.max_completion_tokens == null) baseArgs.max_completion_tokens = baseArgs.max_tokens;
				baseArgs.max_tokens = void 0;
			}
		} else if (this.modelId.startsWith("gpt-4o-search-preview") || this.modelId.startsWith("gpt-4o-mini-search-preview")) {
			if (baseArgs.temperature != null) {
				baseArgs.temperature = void 0;
				warnings.push({
					type: "unsupported",
					feature: "temperature",
					details: "temperature is not supported for the search preview models and has been removed."
				});
			}
		}
		if (openaiOptions.serviceTier === "flex" && !modelCapabilities.supportsFlexProcessing) {
			warnings.push({
				type: "unsupported",
				feature: "serviceTier",
				details: "flex processing is only available for o3, o4-mini, and gpt-5 models"
			});
			baseArgs.service_tier = void 0;
		}
		if ((openaiOptions.serviceTier === "priority" || openaiOptions.serviceTier === "fast") && !modelCapabilities.supportsPriorityProcessing) {
			warnings.push({
				type: "unsupported",
				feature: "serviceTier",
				details: "priority processing is only available for supported models (gpt-4, gpt-5, gpt-5-mini, o3, o4-mini) and requires Enterprise access. gpt-5-nano is not supported"
			});
			baseArgs.service_tier = void 0;
		}
		const { tools: openaiTools2, toolChoice: openaiToolChoice, toolWarnings } = prepareChatTools({
			tools,
			toolChoice
		});
		return {
			args: {
				...baseArgs,
				tools: openaiTools2,
				tool_choice: openaiToolChoice
			},
			warnings: [...warnings, ...toolWarnings]
		};
	}
	async doGenerate(options) {
		var _a2, _b, _c, _d, _e, _f, _g, _h, _i;
		const { args: body, warnings } = await this.getArgs(options);
		const { responseHeaders, value: response, rawValue: rawResponse } = await postJsonToApi({
			url: this.config.url({
				path: "/chat/completions",
				modelId: this.modelId
			}),
			headers: combineHeaders(this.config.headers(), options.headers),
			body,
			failedResponseHandler: openaiFailedResponseHandler,
			successfulResponseHandler: createJsonResponseHandler(openaiChatResponseSchema),
			abortSignal: options.abortSignal,
			fetch: this.config.fetch
		});
		const choice = response.choices[0];
		if (choice == null) throw new InvalidResponseDataError({
			data: rawResponse,
			message: "Response did not contain any choices."
		});
		const content = [];
		const text = choice.message.content != null && choice.message.content.length > 0 ? choice.message.content : (_a2 = choice.message.audio) == null ? void 0 : _a2.transcript;
		if (text != null && text.length > 0) content.push({
			type: "text",
			text
		});
		const refusal = choice.message.refusal;
		const hasRefusal = refusal != null && refusal.length > 0;
		if (hasRefusal) content.push({
			type: "text",
			text: refusal
		});
		for (const toolCall of (_b = choice.message.tool_calls) != null ? _b : []) content.push({
			type: "tool-call",
			toolCallId: (_c = toolCall.id) != null ? _c : generateId(),
			toolName: toolCall.function.name,
			input: toolCall.function.arguments
		});
		for (const annotation of (_d = choice.message.annotations) != null ? _d : []) content.push({
			type: "source",
			sourceType: "url",
			id: generateId(),
			url: annotation.url_citation.url,
			title: annotation.url_citation.title
		});
		const completionTokenDetails = (_e = response.usage) == null ? void 0 : _e.completion_tokens_details;
		(_f = response.usage) == null || _f.prompt_tokens_details;
		const providerMetadata = { openai: {} };
		if ((completionTokenDetails == null ? void 0 : completionTokenDetails.accepted_prediction_tokens) != null) providerMetadata.openai.acceptedPredictionTokens = completionTokenDetails == null ? void 0 : completionTokenDetails.accepted_prediction_tokens;
		if ((completionTokenDetails == null ? void 0 : completionTokenDetails.rejected_prediction_tokens) != null) providerMetadata.openai.rejectedPredictionTokens = completionTokenDetails == null ? void 0 : completionTokenDetails.rejected_prediction_tokens;
		const contentLogprobs = (_g = choice.logprobs) == null ? void 0 : _g.content;
		const refusalLogprobs = (_h = choice.logprobs) == null ? void 0 : _h.refusal;
		if (contentLogprobs != null || refusalLogprobs != null) providerMetadata.openai.logprobs = [...contentLogprobs != null ? contentLogprobs : [], ...refusalLogprobs != null ? refusalLogprobs : []];
		return {
			content,
			finishReason: {
				unified: mapOpenAIFinishReason({
					finishReason: choice.finish_reason,
					hasRefusal
				}),
				raw: (_i = choice.finish_reason) != null ? _i : void 0
			},
			usage: convertOpenAIChatUsage(response.usage),
			request: { body },
			response: {
				...getResponseMetadata(response),
				headers: responseHeaders,
				body: rawResponse
			},
			warnings,
			providerMetadata
		};
	}
	async doStream(options) {
		const { args, warnings } = await this.getArgs(options);
		const body = {
			...args,
			stream: true,
			stream_options: { include_usage: true }
		};
		const url = this.config.url({
			path: "/chat/completions",
			modelId: this.modelId
		});
		const { responseHeaders, value: response } = await postJsonToApi({
			url,
			headers: combineHeaders(this.config.headers(), options.headers),
			body,
			failedResponseHandler: openaiFailedResponseHandler,
			successfulResponseHandler: createEventSourceResponseHandler(openaiChatChunkSchema),
			abortSignal: options.abortSignal,
			fetch: this.config.fetch
		});
		const checkedResponse = await throwIfOpenAIStreamErrorBeforeOutput({
			stream: response,
			getError: (chunk) => "error" in chunk ? chunk.error : void 0,
			isOutputChunk: isOpenAIChatOutputChunk,
			url,
			requestBodyValues: body,
			responseHeaders
		});
		let toolCallTracker;
		let finishReason = {
			unified: "other",
			raw: void 0
		};
		let usage = void 0;
		let metadataExtracted = false;
		let isActiveText = false;
		let hasRefusal = false;
		let rawFinishReason = void 0;
		let hasLogprobs = false;
		const streamedLogprobs = [];
		const providerMetadata = { openai: {} };
		return {
			stream: checkedResponse.pipeThrough(new TransformStream({
				start(controller) {
					toolCallTracker = new StreamingToolCallTracker(controller, {
						generateId,
						typeValidation: "if-present"
					});
					controller.enqueue({
						type: "stream-start",
						warnings
					});
				},
				transform(chunk, controller) {
					var _a2, _b, _c, _d;
					if (options.includeRawChunks) controller.enqueue({
						type: "raw",
						rawValue: chunk.rawValue
					});
					if (!chunk.success) {
						finishReason = {
							unified: "error",
							raw: void 0
						};
						rawFinishReason = void 0;
						controller.enqueue({
							type: "error",
							error: chunk.error
						});
						return;
					}
					const value = chunk.value;
					if ("error" in value) {
						finishReason = {
							unified: "error",
							raw: void 0
						};
						rawFinishReason = void 0;
						controller.enqueue({
							type: "error",
							error: value.error
						});
						return;
					}
					if (!metadataExtracted) {
						const metadata = getResponseMetadata(value);
						if (Object.values(metadata).some(Boolean)) {
							metadataExtracted = true;
							controller.enqueue({
								type: "response-metadata",
								...getResponseMetadata(value)
							});
						}
					}
					if (value.usage != null) {
						usage = value.usage;
						if (((_a2 = value.usage.completion_tokens_details) == null ? void 0 : _a2.accepted_prediction_tokens) != null) providerMetadata.openai.acceptedPredictionTokens = (_b = value.usage.completion_tokens_details) == null ? void 0 : _b.accepted_prediction_tokens;
						if (((_c = value.usage.completion_tokens_details) == null ? void 0 : _c.rejected_prediction_tokens) != null) providerMetadata.openai.rejectedPredictionTokens = (_d = value.usage.completion_tokens_details) == null ? void 0 : _d.rejected_prediction_tokens;
					}
					const choice = value.choices[0];
					if ((choice == null ? void 0 : choice.finish_reason) != null) rawFinishReason = choice.finish_reason;
					if ((choice == null ? void 0 : choice.logprobs) != null) {
						const contentLogprobs = choice.logprobs.content;
						const refusalLogprobs = choice.logprobs.refusal;
						if (contentLogprobs != null || refusalLogprobs != null) {
							hasLogprobs = true;
							streamedLogprobs.push(...contentLogprobs != null ? contentLogprobs : [], ...refusalLogprobs != null ? refusalLogprobs : []);
						}
					}
					if ((choice == null ? void 0 : choice.delta) == null) return;
					const delta = choice.delta;
					const textDeltas = [];
					if (delta.content != null && delta.content.length > 0) textDeltas.push(delta.content);
					if (delta.refusal != null && delta.refusal.length > 0) {
						hasRefusal = true;
						textDeltas.push(delta.refusal);
					}
					if (textDeltas.length === 0 && delta.content === "") textDeltas.push(delta.content);
					for (const textDelta of textDeltas) {
						if (!isActiveText) {
							controller.enqueue({
								type: "text-start",
								id: "0"
							});
							isActiveText = true;
						}
						controller.enqueue({
							type: "text-delta",
							id: "0",
							delta: textDelta
						});
					}
					if (delta.tool_calls != null) for (const toolCallDelta of delta.tool_calls) toolCallTracker.processDelta(toolCallDelta);
					if (delta.annotations != null) for (const annotation of delta.annotations) controller.enqueue({
						type: "source",
						sourceType: "url",
						id: generateId(),
						url: annotation.url_citation.url,
						title: annotation.url_citation.title
					});
				},
				flush(controller) {
					if (isActiveText) controller.enqueue({
						type: "text-end",
						id: "0"
					});
					toolCallTracker.flush();
					if (rawFinishReason != null) finishReason = {
						unified: mapOpenAIFinishReason({
							finishReason: rawFinishReason,
							hasRefusal
						}),
						raw: rawFinishReason
					};
					if (hasLogprobs) providerMetadata.openai.logprobs = streamedLogprobs;
					controller.enqueue({
						type: "finish",
						finishReason,
						usage: convertOpenAIChatUsage(usage),
						...providerMetadata != null ? { providerMetadata } : {}
					});
				}
			})),
			request: { body },
			response: { headers: responseHeaders }
		};
	}
};
function isOpenAIChatOutputChunk(chunk) {
	if ("error" in chunk) return false;
	return chunk.choices.some((choice) => {
		const delta = choice.delta;
		return (delta == null ? void 0 : delta.content) != null && delta.content.length > 0 || (delta == null ? void 0 : delta.refusal) != null && delta.refusal.length > 0 || (delta == null ? void 0 : delta.tool_calls) != null && delta.tool_calls.length > 0 || (delta == null ? void 0 : delta.annotations) != null && delta.annotations.length > 0;
	});
}
function convertOpenAICompletionUsage(usage) {
	var _a2, _b, _c, _d;
	if (usage == null) return {
		inputTokens: {
			total: void 0,
			noCache: void 0,
			cacheRead: void 0,
			cacheWrite: void 0
		},
		outputTokens: {
			total: void 0,
			text: void 0,
			reasoning: void 0
		},
		raw: void 0
	};
	const promptTokens = (_a2 = usage.prompt_tokens) != null ? _a2 : 0;
	const completionTokens = (_b = usage.completion_tokens) != null ? _b : 0;
	return {
		inputTokens: {
			total: (_c = usage.prompt_tokens) != null ? _c : void 0,
			noCache: promptTokens,
			cacheRead: void 0,
			cacheWrite: void 0
		},
		outputTokens: {
			total: (_d = usage.completion_tokens) != null ? _d : void 0,
			text: completionTokens,
			reasoning: void 0
		},
		raw: usage
	};
}
function convertToOpenAICompletionPrompt({ prompt, user = "user", assistant = "assistant" }) {
	let text = "";
	if (prompt[0].role === "system") {
		text += `${prompt[0].content}

`;
		prompt = prompt.slice(1);
	}
	for (const { role, content } of prompt) switch (role) {
		case "system": throw new InvalidPromptError({
			message: "Unexpected system message in prompt: ${content}",
			prompt
		});
		case "user": {
			const userMessage = content.map((part) => {
				switch (part.type) {
					case "text": return part.text;
				}
			}).filter(Boolean).join("");
			text += `${user}:
${userMessage}

`;
			break;
		}
		case "assistant": {
			const assistantMessage = content.map((part) => {
				switch (part.type) {
					case "text": return part.text;
					case "tool-call": throw new UnsupportedFunctionalityError({ functionality: "tool-call messages" });
				}
			}).join("");
			text += `${assistant}:
${assistantMessage}

`;
			break;
		}
		case "tool": throw new UnsupportedFunctionalityError({ functionality: "tool messages" });
		default: throw new Error(`Unsupported role: ${role}`);
	}
	text += `${assistant}:
`;
	return {
		prompt: text,
		stopSequences: [`
${user}:`]
	};
}
function getResponseMetadata2({ id, model, created }) {
	return {
		id: id != null ? id : void 0,
		modelId: model != null ? model : void 0,
		timestamp: created != null ? /* @__PURE__ */ new Date(created * 1e3) : void 0
	};
}
function mapOpenAIFinishReason2(finishReason) {
	switch (finishReason) {
		case "stop": return "stop";
		case "length": return "length";
		case "content_filter": return "content-filter";
		case "function_call":
		case "tool_calls": return "tool-calls";
		default: return "other";
	}
}
var openaiCompletionResponseSchema = lazySchema(() => zodSchema(object({
	id: string().nullish(),
	created: number().nullish(),
	model: string().nullish(),
	choices: array(object({
		text: string(),
		finish_reason: string(),
		logprobs: object({
			tokens: array(string()),
			token_logprobs: array(number()),
			top_logprobs: array(record(string(), number())).nullish()
		}).nullish()
	})),
	usage: object({
		prompt_tokens: number(),
		completion_tokens: number(),
		total_tokens: number()
	}).nullish()
})));
var openaiCompletionChunkSchema = lazySchema(() => zodSchema(union([object({
	id: string().nullish(),
	created: number().nullish(),
	model: string().nullish(),
	choices: array(object({
		text: string(),
		finish_reason: string().nullish(),
		index: number(),
		logprobs: object({
			tokens: array(string()),
			token_logprobs: array(number()),
			top_logprobs: array(record(string(), number())).nullish()
		}).nullish()
	})),
	usage: object({
		prompt_tokens: number(),
		completion_tokens: number(),
		total_tokens: number()
	}).nullish()
}), openaiErrorDataSchema()])));
var openaiLanguageModelCompletionOptions = lazySchema(() => zodSchema(object({
	/**
	* Echo back the prompt in addition to the completion.
	*/
	echo: boolean().optional(),
	/**
	* Modify the likelihood of specified tokens appearing in the completion.
	*
	* Accepts a JSON object that maps tokens (specified by their token ID in
	* the GPT tokenizer) to an associated bias value from -100 to 100. You
	* can use this tokenizer tool to convert text to token IDs. Mathematically,
	* the bias is added to the logits generated by the model prior to sampling.
	* The exact effect will vary per model, but values between -1 and 1 should
	* decrease or increase likelihood of selection; values like -100 or 100
	* should result in a ban or exclusive selection of the relevant token.
	*
	* As an example, you can pass {"50256": -100} to prevent the <|endoftext|>
	* token from being generated.
	*/
	logitBias: record(string(), number()).optional(),
	/**
	* The suffix that comes after a completion of inserted text.
	*/
	suffix: string().optional(),
	/**
	* A unique identifier representing your end-user, which can help OpenAI to
	* monitor and detect abuse. Learn more.
	*/
	user: string().optional(),
	/**
	* Return the log probabilities of the tokens. Including logprobs will increase
	* the response size and can slow down response times. However, it can
	* be useful to better understand how the model is behaving.
	* Setting to true will return the log probabilities of the tokens that
	* were generated.
	* Setting to a number will return the log probabilities of the top n
	* tokens that were generated.
	*/
	logprobs: union([boolean(), number()]).optional()
})));
var OpenAICompletionLanguageModel = class {
	constructor(modelId, config) {
		this.specificationVersion = "v3";
		this.supportedUrls = {};
		this.modelId = modelId;
		this.config = config;
	}
	get providerOptionsName() {
		return this.config.provider.split(".")[0].trim();
	}
	get provider() {
		return this.config.provider;
	}
	async getArgs({ prompt, maxOutputTokens, temperature, topP, topK, frequencyPenalty, presencePenalty, stopSequences: userStopSequences, responseFormat, tools, toolChoice, seed, providerOptions }) {
		const warnings = [];
		const openaiOptions = {
			...await parseProviderOptions({
				provider: "openai",
				providerOptions,
				schema: openaiLanguageModelCompletionOptions
			}),
			...await parseProviderOptions({
				provider: this.providerOptionsName,
				providerOptions,
				schema: openaiLanguageModelCompletionOptions
			})
		};
		if (topK != null) warnings.push({
			type: "unsupported",
			feature: "topK"
		});
		if (tools == null ? void 0 : tools.length) warnings.push({
			type: "unsupported",
			feature: "tools"
		});
		if (toolChoice != null) warnings.push({
			type: "unsupported",
			feature: "toolChoice"
		});
		if (responseFormat != null && responseFormat.type !== "text") warnings.push({
			type: "unsupported",
			feature: "responseFormat",
			details: "JSON response format is not supported."
		});
		const { prompt: completionPrompt, stopSequences } = convertToOpenAICompletionPrompt({ prompt });
		const stop = [...stopSequences != null ? stopSequences : [], ...userStopSequences != null ? userStopSequences : []];
		return {
			args: {
				model: this.modelId,
				echo: openaiOptions.echo,
				logit_bias: openaiOptions.logitBias,
				logprobs: (openaiOptions == null ? void 0 : openaiOptions.logprobs) === true ? 0 : (openaiOptions == null ? void 0 : openaiOptions.logprobs) === false ? void 0 : openaiOptions == null ? void 0 : openaiOptions.logprobs,
				suffix: openaiOptions.suffix,
				user: openaiOptions.user,
				max_tokens: maxOutputTokens,
				temperature,
				top_p: topP,
				frequency_penalty: frequencyPenalty,
				presence_penalty: presencePenalty,
				seed,
				prompt: completionPrompt,
				stop: stop.length > 0 ? stop : void 0
			},
			warnings
		};
	}
	async doGenerate(options) {
		var _a2;
		const { args, warnings } = await this.getArgs(options);
		const { responseHeaders, value: response, rawValue: rawResponse } = await postJsonToApi({
			url: this.config.url({
				path: "/completions",
				modelId: this.modelId
			}),
			headers: combineHeaders(this.config.headers(), options.headers),
			body: args,
			failedResponseHandler: openaiFailedResponseHandler,
			successfulResponseHandler: createJsonResponseHandler(openaiCompletionResponseSchema),
			abortSignal: options.abortSignal,
			fetch: this.config.fetch
		});
		const choice = response.choices[0];
		const providerMetadata = { openai: {} };
		if (choice.logprobs != null) providerMetadata.openai.logprobs = choice.logprobs;
		return {
			content: [{
				type: "text",
				text: choice.text
			}],
			usage: convertOpenAICompletionUsage(response.usage),
			finishReason: {
				unified: mapOpenAIFinishReason2(choice.finish_reason),
				raw: (_a2 = choice.finish_reason) != null ? _a2 : void 0
			},
			request: { body: args },
			response: {
				...getResponseMetadata2(response),
				headers: responseHeaders,
				body: rawResponse
			},
			providerMetadata,
			warnings
		};
	}
	async doStream(options) {
		const { args, warnings } = await this.getArgs(options);
		const body = {
			...args,
			stream: true,
			stream_options: { include_usage: true }
		};
		const url = this.config.url({
			path: "/completions",
			modelId: this.modelId
		});
		const { responseHeaders, value: response } = await postJsonToApi({
			url,
			headers: combineHeaders(this.config.headers(), options.headers),
			body,
			failedResponseHandler: openaiFailedResponseHandler,
			successfulResponseHandler: createEventSourceResponseHandler(openaiCompletionChunkSchema),
			abortSignal: options.abortSignal,
			fetch: this.config.fetch
		});
		const checkedResponse = await throwIfOpenAIStreamErrorBeforeOutput({
			stream: response,
			getError: (chunk) => "error" in chunk ? chunk.error : void 0,
			isOutputChunk: isOpenAICompletionOutputChunk,
			url,
			requestBodyValues: body,
			responseHeaders
		});
		let finishReason = {
			unified: "other",
			raw: void 0
		};
		const providerMetadata = { openai: {} };
		let usage = void 0;
		let isFirstChunk = true;
		return {
			stream: checkedResponse.pipeThrough(new TransformStream({
				start(controller) {
					controller.enqueue({
						type: "stream-start",
						warnings
					});
				},
				transform(chunk, controller) {
					if (options.includeRawChunks) controller.enqueue({
						type: "raw",
						rawValue: chunk.rawValue
					});
					if (!chunk.success) {
						finishReason = {
							unified: "error",
							raw: void 0
						};
						controller.enqueue({
							type: "error",
							error: chunk.error
						});
						return;
					}
					const value = chunk.value;
					if ("error" in value) {
						finishReason = {
							unified: "error",
							raw: void 0
						};
						controller.enqueue({
							type: "error",
							error: value.error
						});
						return;
					}
					if (isFirstChunk) {
						isFirstChunk = false;
						controller.enqueue({
							type: "response-metadata",
							...getResponseMetadata2(value)
						});
						controller.enqueue({
							type: "text-start",
							id: "0"
						});
					}
					if (value.usage != null) usage = value.usage;
					const choice = value.choices[0];
					if ((choice == null ? void 0 : choice.finish_reason) != null) finishReason = {
						unified: mapOpenAIFinishReason2(choice.finish_reason),
						raw: choice.finish_reason
					};
					if ((choice == null ? void 0 : choice.logprobs) != null) providerMetadata.openai.logprobs = choice.logprobs;
					if ((choice == null ? void 0 : choice.text) != null && choice.text.length > 0) controller.enqueue({
						type: "text-delta",
						id: "0",
						delta: choice.text
					});
				},
				flush(controller) {
					if (!isFirstChunk) controller.enqueue({
						type: "text-end",
						id: "0"
					});
					controller.enqueue({
						type: "finish",
						finishReason,
						providerMetadata,
						usage: convertOpenAICompletionUsage(usage)
					});
				}
			})),
			request: { body },
			response: { headers: responseHeaders }
		};
	}
};
function isOpenAICompletionOutputChunk(chunk) {
	return !("error" in chunk) && chunk.choices.some((choice) => choice.text.length > 0);
}
var openaiEmbeddingModelOptions = lazySchema(() => zodSchema(object({
	/**
	* The number of dimensions the resulting output embeddings should have.
	* Only supported in text-embedding-3 and later models.
	*/
	dimensions: number().optional(),
	/**
	* A unique identifier representing your end-user, which can help OpenAI to
	* monitor and detect abuse. Learn more.
	*/
	user: string().optional()
})));
var openaiTextEmbeddingResponseSchema = lazySchema(() => zodSchema(object({
	data: array(object({ embedding: array(number()) })),
	usage: object({ prompt_tokens: number() }).nullish()
})));
var _a = EMBEDDING_MODEL_MAX_INPUT_BYTES_PER_CALL;
var OpenAIEmbeddingModel = class {
	constructor(modelId, config) {
		this.specificationVersion = "v3";
		this.maxEmbeddingsPerCall = 2048;
		this[_a] = 3e5;
		this.supportsParallelCalls = true;
		this.modelId = modelId;
		this.config = config;
	}
	get provider() {
		return this.config.provider;
	}
	async doEmbed({ values, headers, abortSignal, providerOptions }) {
		var _a2;
		if (values.length > this.maxEmbeddingsPerCall) throw new TooManyEmbeddingValuesForCallError({
			provider: this.provider,
			modelId: this.modelId,
			maxEmbeddingsPerCall: this.maxEmbeddingsPerCall,
			values
		});
		const openaiOptions = (_a2 = await parseProviderOptions({
			provider: "openai",
			providerOptions,
			schema: openaiEmbeddingModelOptions
		})) != null ? _a2 : {};
		const { responseHeaders, value: response, rawValue } = await postJsonToApi({
			url: this.config.url({
				path: "/embeddings",
				modelId: this.modelId
			}),
			headers: combineHeaders(this.config.headers(), headers),
			body: {
				model: this.modelId,
				input: values,
				encoding_format: "float",
				dimensions: openaiOptions.dimensions,
				user: openaiOptions.user
			},
			failedResponseHandler: openaiFailedResponseHandler,
			successfulResponseHandler: createJsonResponseHandler(openaiTextEmbeddingResponseSchema),
			abortSignal,
			fetch: this.config.fetch
		});
		return {
			warnings: [],
			embeddings: response.data.map((item) => item.embedding),
			usage: response.usage ? { tokens: response.usage.prompt_tokens } : void 0,
			response: {
				headers: responseHeaders,
				body: rawValue
			}
		};
	}
};
var openaiImageResponseSchema = lazySchema(() => zodSchema(object({
	created: number().nullish(),
	data: array(object({
		b64_json: string(),
		revised_prompt: string().nullish()
	})),
	background: string().nullish(),
	output_format: string().nullish(),
	size: string().nullish(),
	quality: string().nullish(),
	usage: object({
		input_tokens: number().nullish(),
		output_tokens: number().nullish(),
		total_tokens: number().nullish(),
		input_tokens_details: object({
			image_tokens: number().nullish(),
			text_tokens: number().nullish()
		}).nullish()
	}).nullish()
})));
var modelMaxImagesPerCall = {
	"dall-e-3": 1,
	"dall-e-2": 10,
	"gpt-image-1": 10,
	"gpt-image-1-mini": 10,
	"gpt-image-1.5": 10,
	"gpt-image-2": 10,
	"gpt-image-2.6-flare": 10,
	"gpt-image-2.6-sunburst": 10,
	"gpt-image-2.5-flare": 10,
	"gpt-image-2.5-flare-2026-09-08": 10,
	"gpt-image-2.5-sunburst": 10,
	"gpt-image-2.5-sunburst-2026-09-08": 10,
	"chatgpt-image-latest": 10
};
var defaultResponseFormatPrefixes = ["chatgpt-image-", "gpt-image-"];
function hasDefaultResponseFormat(modelId) {
	return defaultResponseFormatPrefixes.some((prefix) => modelId.startsWith(prefix));
}
function getMaxImagesPerCall(modelId) {
	var _a2;
	return (_a2 = modelMaxImagesPerCall[modelId]) != null ? _a2 : modelId.startsWith("gpt-image-") ? 10 : 1;
}
var baseImageModelOptionsObject = () => object({
	/**
	* Quality of the generated image(s).
	*
	* Valid values: `standard`, `hd`, `low`, `medium`, `high`, `xhigh`, `max`, `auto`.
	* `xhigh` and `max` are supported by GPT Image 2.5 models.
	*/
	quality: _enum([
		"standard",
		"hd",
		"low",
		"medium",
		"high",
		"xhigh",
		"max",
		"auto"
	]).optional(),
	/**
	* Background behavior for the generated image(s).
	*
	* If `transparent`, the output format must support transparency
	* (i.e. `png` or `webp`).
	*/
	background: _enum([
		"transparent",
		"opaque",
		"auto"
	]).optional(),
	/**
	* Format in which the generated image(s) are returned.
	*/
	outputFormat: _enum([
		"png",
		"jpeg",
		"webp"
	]).optional(),
	/**
	* How much detail the model puts into the image. Supported by GPT Image
	* 2.6 models. The API defaults to `high`.
	*/
	complexity: _enum([
		"low",
		"medium",
		"high"
	]).optional(),
	/**
	* Compression level (0-100) for the generated image(s). Applies to the
	* `jpeg` and `webp` output formats.
	*/
	outputCompression: number().int().min(0).max(100).optional(),
	/**
	* A unique identifier representing your end-user, which can help OpenAI
	* to monitor and detect abuse.
	*/
	user: string().optional(),
	/**
	* A stable identifier used to help detect users of your application that
	* may be violating OpenAI's usage policies. Should be a hashed username
	* or email address.
	*/
	safetyIdentifier: string().max(128).optional()
});
lazySchema(() => zodSchema(baseImageModelOptionsObject()));
var openaiImageModelGenerationOptions = lazySchema(() => zodSchema(baseImageModelOptionsObject().extend({
	/**
	* Style of the generated image. `vivid` produces hyper-real and
	* dramatic images; `natural` produces more subdued, less hyper-real
	* looking images.
	*/
	style: _enum(["vivid", "natural"]).optional(),
	/**
	* Format in which the generated image(s) are returned. `gif` produces
	* an animated GIF and is supported by GPT Image 2.6 models.
	*/
	outputFormat: _enum([
		"png",
		"jpeg",
		"webp",
		"gif"
	]).optional(),
	/**
	* Number of frames (2-64) of an animated GIF. Only applies to the `gif`
	* output format. The API defaults to 9.
	*/
	frameCount: number().int().min(2).max(64).optional(),
	/**
	* Duration of each frame in milliseconds (20-2000) of an animated GIF.
	* The API rounds it to the nearest 10 ms. Only applies to the `gif`
	* output format. The API defaults to 200.
	*/
	frameDurationMs: number().int().min(20).max(2e3).optional(),
	/**
	* Content moderation level for the generated image(s). `low` applies
	* less restrictive filtering.
	*/
	moderation: _enum(["auto", "low"]).optional()
})));
var openaiImageModelEditOptions = lazySchema(() => zodSchema(baseImageModelOptionsObject().extend({
	/**
	* Fidelity of the output image(s) to the input image(s).
	*/
	inputFidelity: _enum(["high", "low"]).optional(),
	/**
	* A transparent PNG overlaid on the first input image to mark up the
	* regions to change, as an HTTPS URL or a base64 data URL. It must match
	* the dimensions of the first image. Supported by GPT Image 2.5 and 2.6
	* models. Cannot be combined with a `mask`.
	*/
	markup: string().optional()
})));
var OpenAIImageModel = class {
	constructor(modelId, config) {
		this.modelId = modelId;
		this.config = config;
		this.specificationVersion = "v3";
	}
	get maxImagesPerCall() {
		return getMaxImagesPerCall(this.modelId);
	}
	get provider() {
		return this.config.provider;
	}
	async doGenerate({ prompt, files, mask, n, size, aspectRatio, seed, providerOptions, headers, abortSignal }) {
		var _a2, _b, _c, _d, _e, _f, _g, _h, _i, _j, _k;
		const warnings = [];
		if (aspectRatio != null) warnings.push({
			type: "unsupported",
			feature: "aspectRatio",
			details: "This model does not support aspect ratio. Use `size` instead."
		});
		if (seed != null) warnings.push({
			type: "unsupported",
			feature: "seed"
		});
		const currentDate = (_c = (_b = (_a2 = this.config._internal) == null ? void 0 : _a2.currentDate) == null ? void 0 : _b.call(_a2)) != null ? _c : /* @__PURE__ */ new Date();
		if (files != null) {
			const openaiOptions2 = (_d = await parseProviderOptions({
				provider: "openai",
				providerOptions,
				schema: openaiImageModelEditOptions
			})) != null ? _d : {};
			if (mask != null && openaiOptions2.markup != null) throw new InvalidArgumentError({
				argument: "providerOptions.openai.markup",
				message: "`markup` cannot be combined with `mask`."
			});
			const { value: response2, responseHeaders: responseHeaders2 } = await postFormDataToApi({
				url: this.config.url({
					path: "/images/edits",
					modelId: this.modelId
				}),
				headers: combineHeaders(this.config.headers(), headers),
				formData: convertToFormData({
					model: this.modelId,
					prompt,
					image: await Promise.all(files.map((file) => file.type === "file" ? new Blob([file.data instanceof Uint8Array ? new Blob([file.data], { type: file.mediaType }) : new Blob([convertBase64ToUint8Array(file.data)], { type: file.mediaType })], { type: file.mediaType }) : downloadBlob(file.url))),
					mask: mask != null ? await fileToBlob(mask) : void 0,
					markup: openaiOptions2.markup != null ? await markupToBlob(openaiOptions2.markup) : void 0,
					n,
					size,
					quality: openaiOptions2.quality,
					background: openaiOptions2.background,
					output_format: openaiOptions2.outputFormat,
					output_compression: openaiOptions2.outputCompression,
					complexity: openaiOptions2.complexity,
					input_fidelity: openaiOptions2.inputFidelity,
					user: openaiOptions2.user,
					safety_identifier: openaiOptions2.safetyIdentifier
				}),
				failedResponseHandler: openaiFailedResponseHandler,
				successfulResponseHandler: createJsonResponseHandler(openaiImageResponseSchema),
				abortSignal,
				fetch: this.config.fetch
			});
			return {
				images: response2.data.map((item) => item.b64_json),
				warnings,
				usage: response2.usage != null ? {
					inputTokens: (_e = response2.usage.input_tokens) != null ? _e : void 0,
					outputTokens: (_f = response2.usage.output_tokens) != null ? _f : void 0,
					totalTokens: (_g = response2.usage.total_tokens) != null ? _g : void 0
				} : void 0,
				response: {
					timestamp: currentDate,
					modelId: this.modelId,
					headers: responseHeaders2
				},
				providerMetadata: { openai: { images: response2.data.map((item, index) => {
					var _a3, _b2, _c2, _d2, _e2, _f2;
					return {
						...item.revised_prompt ? { revisedPrompt: item.revised_prompt } : {},
						created: (_a3 = response2.created) != null ? _a3 : void 0,
						size: (_b2 = response2.size) != null ? _b2 : void 0,
						quality: (_c2 = response2.quality) != null ? _c2 : void 0,
						background: (_d2 = response2.background) != null ? _d2 : void 0,
						outputFormat: (_e2 = response2.output_format) != null ? _e2 : void 0,
						...distributeTokenDetails((_f2 = response2.usage) == null ? void 0 : _f2.input_tokens_details, index, response2.data.length)
					};
				}) } }
			};
		}
		const openaiOptions = (_h = await parseProviderOptions({
			provider: "openai",
			providerOptions,
			schema: openaiImageModelGenerationOptions
		})) != null ? _h : {};
		const { value: response, responseHeaders } = await postJsonToApi({
			url: this.config.url({
				path: "/images/generations",
				modelId: this.modelId
			}),
			headers: combineHeaders(this.config.headers(), headers),
			body: {
				model: this.modelId,
				prompt,
				n,
				size,
				quality: openaiOptions.quality,
				style: openaiOptions.style,
				background: openaiOptions.background,
				moderation: openaiOptions.moderation,
				output_format: openaiOptions.outputFormat,
				output_compression: openaiOptions.outputCompression,
				complexity: openaiOptions.complexity,
				frame_count: openaiOptions.frameCount,
				frame_duration_ms: openaiOptions.frameDurationMs,
				user: openaiOptions.user,
				safety_identifier: openaiOptions.safetyIdentifier,
				...!hasDefaultResponseFormat(this.modelId) ? { response_format: "b64_json" } : {}
			},
			failedResponseHandler: openaiFailedResponseHandler,
			successfulResponseHandler: createJsonResponseHandler(openaiImageResponseSchema),
			abortSignal,
			fetch: this.config.fetch
		});
		return {
			images: response.data.map((item) => item.b64_json),
			warnings,
			usage: response.usage != null ? {
				inputTokens: (_i = response.usage.input_tokens) != null ? _i : void 0,
				outputTokens: (_j = response.usage.output_tokens) != null ? _j : void 0,
				totalTokens: (_k = response.usage.total_tokens) != null ? _k : void 0
			} : void 0,
			response: {
				timestamp: currentDate,
				modelId: this.modelId,
				headers: responseHeaders
			},
			providerMetadata: { openai: { images: response.data.map((item, index) => {
				var _a3, _b2, _c2, _d2, _e2, _f2;
				return {
					...item.revised_prompt ? { revisedPrompt: item.revised_prompt } : {},
					created: (_a3 = response.created) != null ? _a3 : void 0,
					size: (_b2 = response.size) != null ? _b2 : void 0,
					quality: (_c2 = response.quality) != null ? _c2 : void 0,
					background: (_d2 = response.background) != null ? _d2 : void 0,
					outputFormat: (_e2 = response.output_format) != null ? _e2 : void 0,
					...distributeTokenDetails((_f2 = response.usage) == null ? void 0 : _f2.input_tokens_details, index, response.data.length)
				};
			}) } }
		};
	}
};
function distributeTokenDetails(details, index, total) {
	if (details == null) return {};
	const result = {};
	if (details.image_tokens != null) {
		const base = Math.floor(details.image_tokens / total);
		const remainder = details.image_tokens - base * (total - 1);
		result.imageTokens = index === total - 1 ? remainder : base;
	}
	if (details.text_tokens != null) {
		const base = Math.floor(details.text_tokens / total);
		const remainder = details.text_tokens - base * (total - 1);
		result.textTokens = index === total - 1 ? remainder : base;
	}
	return result;
}
async function markupToBlob(markup) {
	const dataUrl = /^data:([^;,]*)(;base64)?,(.*)$/s.exec(markup);
	if (dataUrl == null) return downloadBlob(markup);
	if (dataUrl[2] == null) throw new InvalidArgumentError({
		argument: "providerOptions.openai.markup",
		message: "`markup` data URLs must be base64 encoded."
	});
	return new Blob([convertBase64ToUint8Array(dataUrl[3])], { type: dataUrl[1] || "image/png" });
}
async function fileToBlob(file) {
	if (!file) return void 0;
	if (file.type === "url") return downloadBlob(file.url);
	const data = file.data instanceof Uint8Array ? file.data : convertBase64ToUint8Array(file.data);
	return new Blob([data], { type: file.mediaType });
}
var applyPatchInputSchema = lazySchema(() => zodSchema(object({
	callId: string(),
	operation: discriminatedUnion("type", [
		object({
			type: literal("create_file"),
			path: string(),
			diff: string()
		}),
		object({
			type: literal("delete_file"),
			path: string()
		}),
		object({
			type: literal("update_file"),
			path: string(),
			diff: string()
		})
	])
})));
var applyPatchOutputSchema = lazySchema(() => zodSchema(object({
	status: _enum(["completed", "failed"]),
	output: string().optional()
})));
lazySchema(() => zodSchema(object({})));
var applyPatch = createProviderToolFactoryWithOutputSchema({
	id: "openai.apply_patch",
	inputSchema: applyPatchInputSchema,
	outputSchema: applyPatchOutputSchema
});
var codeInterpreterInputSchema = lazySchema(() => zodSchema(object({
	code: string().nullish(),
	containerId: string()
})));
var codeInterpreterOutputSchema = lazySchema(() => zodSchema(object({ outputs: array(discriminatedUnion("type", [object({
	type: literal("logs"),
	logs: string()
}), object({
	type: literal("image"),
	url: string()
})])).nullish() })));
var codeInterpreterArgsSchema = lazySchema(() => zodSchema(object({ container: union([string(), object({ fileIds: array(string()).optional() })]).optional() })));
var codeInterpreterToolFactory = createProviderToolFactoryWithOutputSchema({
	id: "openai.code_interpreter",
	inputSchema: codeInterpreterInputSchema,
	outputSchema: codeInterpreterOutputSchema
});
var codeInterpreter = (args = {}) => {
	return codeInterpreterToolFactory(args);
};
var customArgsSchema = lazySchema(() => zodSchema(object({
	name: string(),
	description: string().optional(),
	async: boolean().optional(),
	format: union([object({
		type: literal("grammar"),
		syntax: _enum(["regex", "lark"]),
		definition: string()
	}), object({ type: literal("text") })]).optional()
})));
var customInputSchema = lazySchema(() => zodSchema(string()));
var customToolFactory = createProviderToolFactory({
	id: "openai.custom",
	inputSchema: customInputSchema
});
var customTool = (args) => customToolFactory(args);
var comparisonFilterSchema = () => object({
	key: string(),
	type: _enum([
		"eq",
		"ne",
		"gt",
		"gte",
		"lt",
		"lte",
		"in",
		"nin"
	]),
	value: union([
		string(),
		number(),
		boolean(),
		array(string())
	])
});
var cachedCompoundFilterSchema;
var compoundFilterSchema = () => cachedCompoundFilterSchema != null ? cachedCompoundFilterSchema : cachedCompoundFilterSchema = object({
	type: _enum(["and", "or"]),
	filters: array(union([comparisonFilterSchema(), lazy(() => compoundFilterSchema())]))
});
var fileSearchArgsSchema = lazySchema(() => zodSchema(object({
	vectorStoreIds: array(string()),
	maxNumResults: number().optional(),
	ranking: object({
		ranker: string().optional(),
		scoreThreshold: number().optional()
	}).optional(),
	filters: union([comparisonFilterSchema(), compoundFilterSchema()]).optional()
})));
var fileSearchOutputSchema = lazySchema(() => zodSchema(object({
	queries: array(string()),
	results: array(object({
		attributes: record(string(), unknown()),
		fileId: string(),
		filename: string(),
		score: number(),
		text: string()
	})).nullable()
})));
var fileSearch = createProviderToolFactoryWithOutputSchema({
	id: "openai.file_search",
	inputSchema: object({}),
	outputSchema: fileSearchOutputSchema
});
var imageGenerationArgsSchema = lazySchema(() => zodSchema(object({
	background: _enum([
		"auto",
		"opaque",
		"transparent"
	]).optional(),
	inputFidelity: _enum(["low", "high"]).optional(),
	inputImageMask: object({
		fileId: string().optional(),
		imageUrl: string().optional()
	}).optional(),
	model: string().optional(),
	moderation: _enum(["auto"]).optional(),
	outputCompression: number().int().min(0).max(100).optional(),
	outputFormat: _enum([
		"png",
		"jpeg",
		"webp"
	]).optional(),
	partialImages: number().int().min(0).max(3).optional(),
	quality: _enum([
		"auto",
		"low",
		"medium",
		"high",
		"xhigh",
		"max"
	]).optional(),
	size: _enum([
		"1024x1024",
		"1024x1536",
		"1536x1024",
		"auto"
	]).optional()
}).strict()));
var imageGenerationInputSchema = lazySchema(() => zodSchema(object({})));
var imageGenerationOutputSchema = lazySchema(() => zodSchema(object({ result: string() })));
var imageGenerationToolFactory = createProviderToolFactoryWithOutputSchema({
	id: "openai.image_generation",
	inputSchema: imageGenerationInputSchema,
	outputSchema: imageGenerationOutputSchema
});
var imageGeneration = (args = {}) => {
	return imageGenerationToolFactory(args);
};
var localShellInputSchema = lazySchema(() => zodSchema(object({ action: object({
	type: literal("exec"),
	command: array(string()),
	timeoutMs: number().optional(),
	user: string().optional(),
	workingDirectory: string().optional(),
	env: record(string(), string()).optional()
}) })));
var localShellOutputSchema = lazySchema(() => zodSchema(object({ output: string() })));
var localShell = createProviderToolFactoryWithOutputSchema({
	id: "openai.local_shell",
	inputSchema: localShellInputSchema,
	outputSchema: localShellOutputSchema
});
var shellInputSchema = lazySchema(() => zodSchema(object({ action: object({
	commands: array(string()),
	timeoutMs: number().optional(),
	maxOutputLength: number().optional()
}) })));
var shellOutputSchema = lazySchema(() => zodSchema(object({ output: array(object({
	stdout: string(),
	stderr: string(),
	outcome: discriminatedUnion("type", [object({ type: literal("timeout") }), object({
		type: literal("exit"),
		exitCode: number()
	})])
})) })));
var shellSkillsSchema = () => array(discriminatedUnion("type", [object({
	type: literal("skillReference"),
	skillId: string(),
	version: string().optional()
}), object({
	type: literal("inline"),
	name: string(),
	description: string(),
	source: object({
		type: literal("base64"),
		mediaType: literal("application/zip"),
		data: string()
	})
})])).optional();
var shellArgsSchema = lazySchema(() => zodSchema(object({ environment: union([
	object({
		type: literal("containerAuto"),
		fileIds: array(string()).optional(),
		memoryLimit: _enum([
			"1g",
			"4g",
			"16g",
			"64g"
		]).optional(),
		networkPolicy: discriminatedUnion("type", [object({ type: literal("disabled") }), object({
			type: literal("allowlist"),
			allowedDomains: array(string()),
			domainSecrets: array(object({
				domain: string(),
				name: string(),
				value: string()
			})).optional()
		})]).optional(),
		skills: shellSkillsSchema()
	}),
	object({
		type: literal("containerReference"),
		containerId: string()
	}),
	object({
		type: literal("local").optional(),
		skills: array(object({
			name: string(),
			description: string(),
			path: string()
		})).optional()
	})
]).optional() })));
var shell = createProviderToolFactoryWithOutputSchema({
	id: "openai.shell",
	inputSchema: shellInputSchema,
	outputSchema: shellOutputSchema
});
var toolSearchArgsSchema = lazySchema(() => zodSchema(object({
	execution: _enum(["server", "client"]).optional(),
	description: string().optional(),
	parameters: record(string(), unknown()).optional()
})));
var toolSearchInputSchema = lazySchema(() => zodSchema(object({
	arguments: unknown().optional(),
	call_id: string().nullish()
})));
var toolSearchOutputSchema = lazySchema(() => zodSchema(object({ tools: array(record(string(), unknown())) })));
var toolSearchToolFactory = createProviderToolFactoryWithOutputSchema({
	id: "openai.tool_search",
	inputSchema: toolSearchInputSchema,
	outputSchema: toolSearchOutputSchema
});
var toolSearch = (args = {}) => toolSearchToolFactory(args);
var webSearchArgsSchema = lazySchema(() => zodSchema(object({
	externalWebAccess: boolean().optional(),
	filters: object({
		allowedDomains: array(string()).optional(),
		blockedDomains: array(string()).optional()
	}).optional(),
	searchContextSize: _enum([
		"low",
		"medium",
		"high"
	]).optional(),
	userLocation: object({
		type: literal("approximate"),
		country: string().optional(),
		city: string().optional(),
		region: string().optional(),
		timezone: string().optional()
	}).optional()
})));
var webSearchInputSchema = lazySchema(() => zodSchema(object({})));
var webSearchOutputSchema = lazySchema(() => zodSchema(object({
	action: discriminatedUnion("type", [
		object({
			type: literal("search"),
			query: string().optional(),
			queries: array(string()).optional()
		}),
		object({
			type: literal("openPage"),
			url: string().nullish()
		}),
		object({
			type: literal("findInPage"),
			url: string().nullish(),
			pattern: string().nullish()
		})
	]).optional(),
	sources: array(discriminatedUnion("type", [object({
		type: literal("url"),
		url: string()
	}), object({
		type: literal("api"),
		name: string()
	})])).optional()
})));
var webSearchToolFactory = createProviderToolFactoryWithOutputSchema({
	id: "openai.web_search",
	inputSchema: webSearchInputSchema,
	outputSchema: webSearchOutputSchema
});
var webSearch = (args = {}) => webSearchToolFactory(args);
var webSearchPreviewArgsSchema = lazySchema(() => zodSchema(object({
	searchContextSize: _enum([
		"low",
		"medium",
		"high"
	]).optional(),
	userLocation: object({
		type: literal("approximate"),
		country: string().optional(),
		city: string().optional(),
		region: string().optional(),
		timezone: string().optional()
	}).optional()
})));
var webSearchPreviewInputSchema = lazySchema(() => zodSchema(object({})));
var webSearchPreviewOutputSchema = lazySchema(() => zodSchema(object({ action: discriminatedUnion("type", [
	object({
		type: literal("search"),
		query: string().optional()
	}),
	object({
		type: literal("openPage"),
		url: string().nullish()
	}),
	object({
		type: literal("findInPage"),
		url: string().nullish(),
		pattern: string().nullish()
	})
]).optional() })));
var webSearchPreview = createProviderToolFactoryWithOutputSchema({
	id: "openai.web_search_preview",
	inputSchema: webSearchPreviewInputSchema,
	outputSchema: webSearchPreviewOutputSchema
});
var cachedJsonValueSchema;
var jsonValueSchema = () => cachedJsonValueSchema != null ? cachedJsonValueSchema : cachedJsonValueSchema = lazy(() => union([
	string(),
	number(),
	boolean(),
	_null(),
	array(jsonValueSchema()),
	record(string(), jsonValueSchema())
]));
var mcpArgsSchema = lazySchema(() => zodSchema(object({
	serverLabel: string(),
	allowedTools: union([array(string()), object({
		readOnly: boolean().optional(),
		toolNames: array(string()).optional()
	})]).optional(),
	authorization: string().optional(),
	connectorId: string().optional(),
	headers: record(string(), string()).optional(),
	requireApproval: union([_enum(["always", "never"]), object({ never: object({ toolNames: array(string()).optional() }).optional() })]).optional(),
	serverDescription: string().optional(),
	serverUrl: string().optional()
}).refine((v) => v.serverUrl != null || v.connectorId != null, "One of serverUrl or connectorId must be provided.")));
var mcpInputSchema = lazySchema(() => zodSchema(object({})));
var mcpOutputSchema = lazySchema(() => zodSchema(object({
	type: literal("call"),
	serverLabel: string(),
	name: string(),
	arguments: string(),
	output: string().nullish(),
	error: union([string(), jsonValueSchema()]).optional()
})));
var mcpToolFactory = createProviderToolFactoryWithOutputSchema({
	id: "openai.mcp",
	inputSchema: mcpInputSchema,
	outputSchema: mcpOutputSchema
});
var mcp = (args) => mcpToolFactory(args);
var openaiTools = {
	/**
	* The apply_patch tool lets GPT-5.1 create, update, and delete files in your
	* codebase using structured diffs. Instead of just suggesting edits, the model
	* emits patch operations that your application applies and then reports back on,
	* enabling iterative, multi-step code editing workflows.
	*
	*/
	applyPatch,
	/**
	* Custom tools let callers constrain model output to a grammar (regex or
	* Lark syntax). The model returns a `custom_tool_call` output item whose
	* `input` field is a string matching the specified grammar.
	*
	* @param name - The name of the custom tool.
	* @param description - An optional description of the tool.
	* @param async - Whether the model can continue without waiting for the tool result.
	* @param format - The output format constraint (grammar type, syntax, and definition).
	*/
	customTool,
	/**
	* The Code Interpreter tool allows models to write and run Python code in a
	* sandboxed environment to solve complex problems in domains like data analysis,
	* coding, and math.
	*
	* @param container - The container to use for the code interpreter.
	*/
	codeInterpreter,
	/**
	* File search is a tool available in the Responses API. It enables models to
	* retrieve information in a knowledge base of previously uploaded files through
	* semantic and keyword search.
	*
	* @param vectorStoreIds - The vector store IDs to use for the file search.
	* @param maxNumResults - The maximum number of results to return.
	* @param ranking - The ranking options to use for the file search.
	* @param filters - The filters to use for the file search.
	*/
	fileSearch,
	/**
	* The image generation tool allows you to generate images using a text prompt,
	* and optionally image inputs. It leverages the GPT Image model,
	* and automatically optimizes text inputs for improved performance.
	*
	* @param background - Background type for the generated image. One of 'auto', 'opaque', or 'transparent'.
	* @param inputFidelity - Input fidelity for the generated image. One of 'low' or 'high'.
	* @param inputImageMask - Optional mask for inpainting. Contains fileId and/or imageUrl.
	* @param model - The image generation model to use. Default: gpt-image-1.
	* @param moderation - Moderation level for the generated image. Default: 'auto'.
	* @param outputCompression - Compression level for the output image (0-100).
	* @param outputFormat - The output format of the generated image. One of 'png', 'jpeg', or 'webp'.
	* @param partialImages - Number of partial images to generate in streaming mode (0-3).
	* @param quality - The quality of the generated image. One of 'auto', 'low', 'medium', 'high', 'xhigh', or 'max'. 'xhigh' and 'max' require a GPT Image 2.5 model.
	* @param size - The size of the generated image. One of 'auto', '1024x1024', '1024x1536', or '1536x1024'.
	*/
	imageGeneration,
	/**
	* Local shell is a tool that allows agents to run shell commands locally
	* on a machine you or the user provides.
	*
	* Supported models: `gpt-5-codex`
	*/
	localShell,
	/**
	* The shell tool allows the model to interact with your local computer through
	* a controlled command-line interface. The model proposes shell commands; your
	* integration executes them and returns the outputs.
	*
	* Available through the Responses API for use with GPT-5.1.
	*
	* WARNING: Running arbitrary shell commands can be dangerous. Always sandbox
	* execution or add strict allow-/deny-lists before forwarding a command to
	* the system shell.
	*/
	shell,
	/**
	* Web search allows models to access up-to-date information from the internet
	* and provide answers with sourced citations.
	*
	* @param searchContextSize - The search context size to use for the web search.
	* @param userLocation - The user location to use for the web search.
	*/
	webSearchPreview,
	/**
	* Web search allows models to access up-to-date information from the internet
	* and provide answers with sourced citations.
	*
	* @param filters - The filters to use for the web search.
	* @param searchContextSize - The search context size to use for the web search.
	* @param userLocation - The user location to use for the web search.
	*/
	webSearch,
	/**
	* MCP (Model Context Protocol) allows models to call tools exposed by
	* remote MCP servers or service connectors.
	*
	* @param serverLabel - Label to identify the MCP server.
	* @param allowedTools - Allowed tool names or filter object.
	* @param authorization - OAuth access token for the MCP server/connector.
	* @param connectorId - Identifier for a service connector.
	* @param headers - Optional headers to include in MCP requests.
	* // param requireApproval - Approval policy ('always'|'never'|filter object). (Removed - always 'never')
	* @param serverDescription - Optional description of the server.
	* @param serverUrl - URL for the MCP server.
	*/
	mcp,
	/**
	* Tool search allows the model to dynamically search for and load deferred
	* tools into the model's context as needed. This helps reduce overall token
	* usage, cost, and latency by only loading tools when the model needs them.
	*
	* To use tool search, mark functions or namespaces with `defer_loading: true`
	* in the tools array. The model will use tool search to load these tools
	* when it determines they are needed.
	*/
	toolSearch
};
var openaiResponsesTextFormatSchema = () => discriminatedUnion("type", [object({ type: literal("text") }), object({
	type: literal("json_schema"),
	name: string().min(1).max(64).regex(/^[a-zA-Z0-9_-]+$/),
	schema: record(string(), json()),
	description: string().optional(),
	strict: boolean().optional()
})]);
function normalizeOpenAIResponsesTextFormat(format) {
	if (format.type === "text") return format;
	const normalized = normalizeOpenAIJsonSchema(format.schema);
	return {
		...format,
		schema: normalized
	};
}
function convertOpenAIResponsesUsage(usage) {
	var _a2, _b, _c, _d, _e, _f;
	if (usage == null) return {
		inputTokens: {
			total: void 0,
			noCache: void 0,
			cacheRead: void 0,
			cacheWrite: void 0
		},
		outputTokens: {
			total: void 0,
			text: void 0,
			reasoning: void 0
		},
		raw: void 0
	};
	const inputTokens = usage.input_tokens;
	const outputTokens = usage.output_tokens;
	const cachedTokens = (_b = (_a2 = usage.input_tokens_details) == null ? void 0 : _a2.cached_tokens) != null ? _b : 0;
	const cacheWriteTokens = (_d = (_c = usage.input_tokens_details) == null ? void 0 : _c.cache_write_tokens) != null ? _d : void 0;
	const reasoningTokens = (_f = (_e = usage.output_tokens_details) == null ? void 0 : _e.reasoning_tokens) != null ? _f : 0;
	return {
		inputTokens: {
			total: inputTokens,
			noCache: inputTokens - cachedTokens - (cacheWriteTokens != null ? cacheWriteTokens : 0),
			cacheRead: cachedTokens,
			cacheWrite: cacheWriteTokens
		},
		outputTokens: {
			total: outputTokens,
			text: outputTokens - reasoningTokens,
			reasoning: reasoningTokens
		},
		raw: usage
	};
}
var TOP_LOGPROBS_MAX = 20;
var openaiLanguageModelResponsesOptionsSchema = lazySchema(() => zodSchema(object({
	/**
	* The ID of the OpenAI Conversation to continue.
	* You must create a conversation first via the OpenAI API.
	* Cannot be used in conjunction with `previousResponseId`.
	* Defaults to `undefined`.
	* @see https://platform.openai.com/docs/api-reference/conversations/create
	*/
	conversation: string().nullish(),
	/**
	* The set of extra fields to include in the response (advanced, usually not needed).
	* Example values: 'reasoning.encrypted_content', 'file_search_call.results', 'web_search_call.results', 'message.output_text.logprobs'.
	*/
	include: array(_enum([
		"reasoning.encrypted_content",
		"file_search_call.results",
		"web_search_call.results",
		"message.output_text.logprobs"
	])).nullish(),
	/**
	* Instructions for the model.
	* They can be used to change the system or developer message when continuing a conversation using the `previousResponseId` option.
	* Defaults to `undefined`.
	*/
	instructions: string().nullish(),
	/**
	* Return the log probabilities of the tokens. Including logprobs will increase
	* the response size and can slow down response times. However, it can
	* be useful to better understand how the model is behaving.
	*
	* Setting to true will return the log probabilities of the tokens that
	* were generated.
	*
	* Setting to a number will return the log probabilities of the top n
	* tokens that were generated.
	*
	* @see https://platform.openai.com/docs/api-reference/responses/create
	* @see https://cookbook.openai.com/examples/using_logprobs
	*/
	logprobs: union([boolean(), number().min(1).max(TOP_LOGPROBS_MAX)]).optional(),
	/**
	* The maximum number of total calls to built-in tools that can be processed in a response.
	* This maximum number applies across all built-in tool calls, not per individual tool.
	* Any further attempts to call a tool by the model will be ignored.
	*/
	maxToolCalls: number().nullish(),
	/**
	* Additional metadata to store with the generation.
	*/
	metadata: any().nullish(),
	/**
	* Whether to use parallel tool calls. Defaults to `true`.
	*/
	parallelToolCalls: boolean().nullish(),
	/**
	* The ID of the previous response. You can use it to continue a conversation.
	* Defaults to `undefined`.
	*/
	previousResponseId: string().nullish(),
	/**
	* Sets a cache key to tie this prompt to cached prefixes for better caching performance.
	*/
	promptCacheKey: string().nullish(),
	/**
	* Prompt cache behavior for GPT-5.6 and later models.
	* `mode` controls whether OpenAI also places an implicit breakpoint.
	* `ttl` sets the minimum cache lifetime: `'30m'` (default) or `'12h'`.
	* `prewarm` writes the prompt to the cache without generating output.
	*/
	promptCacheOptions: object({
		comparisonResponseId: string().optional(),
		mode: _enum(["implicit", "explicit"]).optional(),
		ttl: _enum(["30m", "12h"]).optional(),
		prewarm: boolean().optional()
	}).optional(),
	/**
	* The retention policy for the prompt cache.
	* - 'in_memory': Default. Standard prompt caching behavior.
	* - '24h': Extended prompt caching that keeps cached prefixes active for up to 24 hours.
	*          Available for models before GPT-5.6 that support extended caching.
	*
	* @deprecated For GPT-5.6 and later models, use `promptCacheOptions.ttl`.
	*
	* @default 'in_memory'
	*/
	promptCacheRetention: _enum(["in_memory", "24h"]).nullish(),
	/**
	* Reasoning effort for reasoning models. Defaults to `medium`. If you use
	* `providerOptions` to set the `reasoningEffort` option, this model setting will be ignored.
	* GPT-5.6 supports 'none' | 'low' | 'medium' | 'high' | 'xhigh' | 'max'.
	* GPT-6 and later models support 'low' | 'medium' | 'high' | 'xhigh' | 'max'.
	* Supported values vary by model.
	*/
	reasoningEffort: string().nullish(),
	/**
	* Updates the reasoning effort for GPT-6 and later models starting with this response
	* without changing the request-level reasoning effort. This preserves the
	* request prefix for prompt caching.
	*
	* Only supported by GPT-6 and later models in standard, single-agent mode. Cannot be
	* combined with automatic truncation.
	*/
	reasoningEffortUpdate: _enum([
		"low",
		"medium",
		"high",
		"xhigh",
		"max"
	]).optional(),
	/**
	* Controls how much model work GPT-5.6 performs before returning a final answer.
	* `standard` is the default. `pro` increases quality, latency, and token usage.
	*/
	reasoningMode: _enum(["standard", "pro"]).optional(),
	/**
	* Controls which available reasoning items GPT-5.6 can use.
	* `auto` uses the model default, `current_turn` excludes reasoning from earlier
	* turns, and `all_turns` makes compatible earlier reasoning available.
	*/
	reasoningContext: _enum([
		"auto",
		"current_turn",
		"all_turns"
	]).optional(),
	/**
	* Controls reasoning summary output from the model.
	* Set to "auto" to automatically receive the richest level available,
	* or "detailed" for comprehensive summaries.
	*/
	reasoningSummary: string().nullish(),
	/**
	* The identifier for safety monitoring and tracking.
	*/
	safetyIdentifier: string().nullish(),
	/**
	* Service tier for the request.
	* Set to 'flex' for 50% cheaper processing at the cost of increased latency (available for o3, o4-mini, and gpt-5 models).
	* Set to 'priority' for faster processing with Enterprise access (available for gpt-4, gpt-5, gpt-5-mini, o3, o4-mini; gpt-5-nano is not supported).
	* Set to 'fast' for the same tier as 'priority' (OpenAI's newer name for it).
	* Set to 'ultrafast' for access-controlled Ultrafast processing (available only for gpt-5.6-sol).
	*
	* Defaults to 'auto'.
	*/
	serviceTier: _enum([
		"auto",
		"flex",
		"priority",
		"fast",
		"ultrafast",
		"default"
	]).nullish(),
	/**
	* Whether to store the generation. Defaults to `true`.
	*/
	store: boolean().nullish(),
	/**
	* Whether to pass through non-image file types as generic input files.
	*
	* By default, inline file inputs are restricted to images and PDFs.
	* Enable this when the target OpenAI Responses model supports additional
	* file media types, such as text/csv.
	*/
	passThroughUnsupportedFiles: boolean().optional(),
	/**
	* Whether to use strict JSON schema validation.
	* Defaults to `true`.
	*/
	strictJsonSchema: boolean().nullish(),
	/**
	* Controls the verbosity of the model's responses. Lower values ('low') will result
	* in more concise responses, while higher values ('high') will result in more verbose responses.
	* Valid values: 'low', 'medium', 'high'.
	*/
	textVerbosity: _enum([
		"low",
		"medium",
		"high"
	]).nullish(),
	/** Keep the initial wire format stable while Output validates the current schema. */
	textFormat: openaiResponsesTextFormatSchema().optional(),
	/**
	* Controls output truncation. 'auto' (default) performs truncation automatically;
	* 'disabled' turns truncation off.
	*/
	truncation: _enum(["auto", "disabled"]).nullish(),
	/**
	* A unique identifier representing your end-user, which can help OpenAI to
	* monitor and detect abuse.
	* Defaults to `undefined`.
	* @see https://platform.openai.com/docs/guides/safety-best-practices/end-user-ids
	*/
	user: string().nullish(),
	/**
	* Override the system message mode for this model.
	* - 'system': Use the 'system' role for system messages (default for most models)
	* - 'developer': Use the 'developer' role for system messages (used by reasoning models)
	* - 'remove': Remove system messages entirely
	*
	* If not specified, the mode is automatically determined based on the model.
	*/
	systemMessageMode: _enum([
		"system",
		"developer",
		"remove"
	]).optional(),
	/**
	* Force treating this model as a reasoning model.
	*
	* This is useful for "stealth" reasoning models (e.g. via a custom baseURL)
	* where the model ID is not recognized by the SDK's allowlist.
	*
	* When enabled, the SDK applies reasoning-model parameter compatibility rules
	* and defaults `systemMessageMode` to `developer` unless overridden.
	*/
	forceReasoning: boolean().optional(),
	/**
	* Restrict the callable tools to a subset while keeping the full tools
	* list intact, so prompt caching is preserved across requests with
	* different allowlists.
	*
	* When set, this overrides the request-level `toolChoice` and emits
	* `tool_choice: { type: "allowed_tools", mode, tools }` on the wire.
	*
	* @see https://developers.openai.com/api/reference/resources/responses/methods/create#(resource)%20responses%20%3E%20(model)%20tool_choice_allowed%20%3E%20(schema)
	*/
	allowedTools: object({
		toolNames: array(string()).min(1),
		mode: _enum(["auto", "required"]).optional()
	}).optional()
})));
var openaiResponsesSystemMessageOptionsSchema = lazySchema(() => zodSchema(object({
	/** Replace the format at this position; requires empty system content. */
	textFormatUpdate: openaiResponsesTextFormatSchema().optional(),
	/**
	* Emit a configuration update at this position in Responses history.
	* Requires empty system message content and the same supported
	* configuration as the request-level reasoningEffortUpdate option.
	* Unsupported historical updates throw instead of being omitted.
	*
	* @see https://developers.openai.com/api/docs/guides/reasoning#change-reasoning-mid-conversation
	*/
	reasoningEffortUpdate: _enum([
		"low",
		"medium",
		"high",
		"xhigh",
		"max"
	]).optional()
})));
var parallelToolName = "parallel";
var recipientNamePrefix = "functions.";
function getParallelToolCallMetadata({ providerOptions, providerOptionsName }) {
	var _a2;
	const metadata = (_a2 = providerOptions == null ? void 0 : providerOptions[providerOptionsName]) == null ? void 0 : _a2.parallelToolCall;
	if (!isJSONObject(metadata) || typeof metadata.itemId !== "string" || typeof metadata.toolCallId !== "string" || typeof metadata.toolName !== "string" || metadata.input !== void 0 && typeof metadata.input !== "string" || typeof metadata.index !== "number" || !Number.isInteger(metadata.index) || typeof metadata.count !== "number" || !Number.isInteger(metadata.count) || metadata.index < 0 || metadata.count <= metadata.index) return;
	return metadata;
}
function isUndeclaredParallelToolCall({ toolName, tools }) {
	return toolName === parallelToolName && !tools.some((tool) => tool.name === parallelToolName);
}
async function expandParallelToolCall({ toolCall, tools, providerOptionsName, itemId }) {
	if (!isUndeclaredParallelToolCall({
		toolName: toolCall.toolName,
		tools
	})) return;
	const parsedInput = await safeParseJSON({ text: toolCall.input });
	if (!parsedInput.success || !isJSONObject(parsedInput.value)) return;
	const toolUses = parsedInput.value.tool_uses;
	if (!Array.isArray(toolUses) || toolUses.length === 0) return;
	const availableToolNames = new Set(tools.map((tool) => tool.name));
	const expandedToolCalls = [];
	for (const [index, toolUse] of toolUses.entries()) {
		if (!isJSONObject(toolUse)) return;
		const recipientName = toolUse.recipient_name;
		const parameters = toolUse.parameters;
		if (typeof recipientName !== "string" || !recipientName.startsWith(recipientNamePrefix) || !isJSONObject(parameters)) return;
		const toolName = recipientName.slice(recipientNamePrefix.length);
		if (toolName.length === 0 || !availableToolNames.has(toolName)) return;
		expandedToolCalls.push({
			type: "tool-call",
			toolCallId: `${toolCall.toolCallId}_${index}`,
			toolName,
			input: JSON.stringify(parameters),
			providerMetadata: { [providerOptionsName]: { parallelToolCall: {
				itemId,
				toolCallId: toolCall.toolCallId,
				toolName: toolCall.toolName,
				...index === 0 && { input: toolCall.input },
				index,
				count: toolUses.length
			} } }
		});
	}
	return expandedToolCalls;
}
function serializeToolCallArguments2(input) {
	if (typeof input === "string") try {
		secureJsonParse(input);
		return input;
	} catch (e) {
		return stringifyWithBigIntAndCycles(input);
	}
	return stringifyWithBigIntAndCycles(input === void 0 ? {} : input);
}
async function convertWebSearchToolResultOutput({ output, id }) {
	if (output.type !== "json") return;
	const validation = await safeValidateTypes({
		value: output.value,
		schema: webSearchOutputSchema
	});
	if (!validation.success || validation.value.action == null) return;
	const { action, sources } = validation.value;
	switch (action.type) {
		case "search": return {
			type: "web_search_call",
			id,
			status: "completed",
			action: {
				type: "search",
				...action.query != null && { query: action.query },
				...action.queries != null && { queries: action.queries },
				...sources != null && { sources }
			}
		};
		case "openPage": return {
			type: "web_search_call",
			id,
			status: "completed",
			action: {
				type: "open_page",
				url: action.url
			}
		};
		case "findInPage": return {
			type: "web_search_call",
			id,
			status: "completed",
			action: {
				type: "find_in_page",
				url: action.url,
				pattern: action.pattern
			}
		};
	}
}
async function convertFunctionToolResultOutput({ output, promptCacheBreakpoint, providerOptionsName, warnings }) {
	var _a2;
	const convertScalarOutput = (value) => promptCacheBreakpoint == null ? value : [{
		type: "input_text",
		text: value,
		prompt_cache_breakpoint: promptCacheBreakpoint
	}];
	switch (output.type) {
		case "text":
		case "error-text": return convertScalarOutput(output.value);
		case "execution-denied": return convertScalarOutput((_a2 = output.reason) != null ? _a2 : "Tool call execution denied.");
		case "json":
		case "error-json": return convertScalarOutput(stringifyWithBigIntAndCycles(output.value));
		case "content": return output.value.map((item) => {
			var _a3, _b, _c, _d, _e, _f, _g;
			const promptCacheBreakpoint2 = getPromptCacheBreakpoint2(item.providerOptions, providerOptionsName);
			switch (item.type) {
				case "text": return {
					type: "input_text",
					text: item.text,
					...promptCacheBreakpoint2 != null && { prompt_cache_breakpoint: promptCacheBreakpoint2 }
				};
				case "image-data": return {
					type: "input_image",
					image_url: `data:${item.mediaType};base64,${item.data}`,
					detail: (_b = (_a3 = item.providerOptions) == null ? void 0 : _a3[providerOptionsName]) == null ? void 0 : _b.imageDetail,
					...promptCacheBreakpoint2 != null && { prompt_cache_breakpoint: promptCacheBreakpoint2 }
				};
				case "image-url": return {
					type: "input_image",
					image_url: item.url,
					detail: (_d = (_c = item.providerOptions) == null ? void 0 : _c[providerOptionsName]) == null ? void 0 : _d.imageDetail,
					...promptCacheBreakpoint2 != null && { prompt_cache_breakpoint: promptCacheBreakpoint2 }
				};
				case "file-id": return {
					type: "input_file",
					file_id: typeof item.fileId === "string" ? item.fileId : item.fileId[providerOptionsName],
					...promptCacheBreakpoint2 != null && { prompt_cache_breakpoint: promptCacheBreakpoint2 }
				};
				case "image-file-id": return {
					type: "input_image",
					file_id: typeof item.fileId === "string" ? item.fileId : item.fileId[providerOptionsName],
					detail: (_f = (_e = item.providerOptions) == null ? void 0 : _e[providerOptionsName]) == null ? void 0 : _f.imageDetail,
					...promptCacheBreakpoint2 != null && { prompt_cache_breakpoint: promptCacheBreakpoint2 }
				};
				case "file-data": return {
					type: "input_file",
					filename: (_g = item.filename) != null ? _g : "data",
					file_data: `data:${item.mediaType};base64,${item.data}`,
					...promptCacheBreakpoint2 != null && { prompt_cache_breakpoint: promptCacheBreakpoint2 }
				};
				case "file-url": return {
					type: "input_file",
					file_url: item.url,
					...promptCacheBreakpoint2 != null && { prompt_cache_breakpoint: promptCacheBreakpoint2 }
				};
				default:
					warnings.push({
						type: "other",
						message: `unsupported tool content part type: ${item.type}`
					});
					return;
			}
		}).filter(isNonNullable);
	}
}
function hasSameParallelToolCall(first, second) {
	return first.itemId === second.itemId && first.toolCallId === second.toolCallId && first.toolName === second.toolName && (first.input === void 0 || second.input === void 0 || first.input === second.input) && first.count === second.count;
}
function collectCompleteParallelToolResultGroups({ prompt, providerOptionsName }) {
	const pendingGroups = /* @__PURE__ */ new Map();
	for (const message of prompt) {
		if (message.role !== "tool") continue;
		for (const part of message.content) {
			if (part.type !== "tool-result") continue;
			const metadata = getParallelToolCallMetadata({
				providerOptions: part.providerOptions,
				providerOptionsName
			});
			if (metadata == null) continue;
			const existing = pendingGroups.get(metadata.toolCallId);
			if (existing == null) {
				pendingGroups.set(metadata.toolCallId, {
					metadata,
					results: /* @__PURE__ */ new Map([[metadata.index, part]]),
					invalid: false
				});
				continue;
			}
			if (!hasSameParallelToolCall(existing.metadata, metadata) || existing.results.has(metadata.index)) {
				existing.invalid = true;
				continue;
			}
			if (existing.metadata.input === void 0 && metadata.input !== void 0) existing.metadata = metadata;
			existing.results.set(metadata.index, part);
		}
	}
	const completeGroups = /* @__PURE__ */ new Map();
	for (const [toolCallId, group] of pendingGroups) {
		if (group.invalid || group.results.size !== group.metadata.count || group.metadata.input === void 0) continue;
		const results = Array.from({ length: group.metadata.count }, (_, index) => group.results.get(index));
		if (results.every(isNonNullable)) completeGroups.set(toolCallId, {
			metadata: {
				...group.metadata,
				input: group.metadata.input
			},
			results
		});
	}
	return completeGroups;
}
function getPromptCacheBreakpoint2(providerOptions, providerOptionsName) {
	var _a2;
	return (_a2 = providerOptions == null ? void 0 : providerOptions[providerOptionsName]) == null ? void 0 : _a2.promptCacheBreakpoint;
}
function getScalarToolResultPromptCacheBreakpoint({ output, toolResultProviderOptions, providerOptionsName }) {
	var _a2;
	return output.type === "content" ? void 0 : (_a2 = getPromptCacheBreakpoint2(output.providerOptions, providerOptionsName)) != null ? _a2 : getPromptCacheBreakpoint2(toolResultProviderOptions, providerOptionsName);
}
function isFileId(data, prefixes) {
	if (!prefixes) return false;
	return prefixes.some((prefix) => data.startsWith(prefix));
}
async function convertToOpenAIResponsesInput({ prompt, toolNameMapping, systemMessageMode, providerOptionsName, explicitMessageItemType = false, fileIdPrefixes, passThroughUnsupportedFiles = false, store, isReasoningModel = false, hasConversation = false, hasPreviousResponseId = false, configurationUpdateUnsupportedReason, hasLocalShellTool = false, hasShellTool = false, hasApplyPatchTool = false, toolSearchToolName, customProviderToolNames }) {
	var _a2, _b, _c, _d, _e, _f, _g, _h, _i, _j, _k, _l, _m, _n, _o, _p, _q, _r, _s, _t, _u, _v, _w, _x, _y, _z, _A, _B, _C, _D, _E, _F, _G;
	let input = [];
	const warnings = [];
	const processedApprovalIds = /* @__PURE__ */ new Set();
	const parallelToolResultGroups = hasConversation || hasPreviousResponseId ? collectCompleteParallelToolResultGroups({
		prompt,
		providerOptionsName
	}) : /* @__PURE__ */ new Map();
	const emittedParallelToolCalls = /* @__PURE__ */ new Set();
	const emittedParallelToolResults = /* @__PURE__ */ new Set();
	for (const { role, content, providerOptions } of prompt) switch (role) {
		case "system": {
			let options = await parseProviderOptions({
				provider: providerOptionsName,
				providerOptions,
				schema: openaiResponsesSystemMessageOptionsSchema
			});
			if (options == null && providerOptionsName !== "openai") options = await parseProviderOptions({
				provider: "openai",
				providerOptions,
				schema: openaiResponsesSystemMessageOptionsSchema
			});
			const effort = options == null ? void 0 : options.reasoningEffortUpdate;
			const textFormat = options == null ? void 0 : options.textFormatUpdate;
			if (effort != null || textFormat != null) {
				const feature = effort != null ? "reasoningEffortUpdate" : "textFormatUpdate";
				const unsupportedReason = content !== "" ? `Message-level ${feature} requires empty system message content.` : configurationUpdateUnsupportedReason;
				if (unsupportedReason != null) throw new UnsupportedFunctionalityError({
					functionality: `Message-level ${feature}`,
					message: unsupportedReason
				});
				input.push({
					type: "configuration_update",
					...effort != null && { reasoning: { effort } },
					...textFormat != null && { text: { format: normalizeOpenAIResponsesTextFormat(textFormat) } }
				});
				break;
			}
			switch (systemMessageMode) {
				case "system": {
					const promptCacheBreakpoint = getPromptCacheBreakpoint2(providerOptions, providerOptionsName);
					input.push({
						...explicitMessageItemType && { type: "message" },
						role: "system",
						content: promptCacheBreakpoint == null ? content : [{
							type: "input_text",
							text: content,
							prompt_cache_breakpoint: promptCacheBreakpoint
						}]
					});
					break;
				}
				case "developer": {
					const promptCacheBreakpoint = getPromptCacheBreakpoint2(providerOptions, providerOptionsName);
					input.push({
						...explicitMessageItemType && { type: "message" },
						role: "developer",
						content: promptCacheBreakpoint == null ? content : [{
							type: "input_text",
							text: content,
							prompt_cache_breakpoint: promptCacheBreakpoint
						}]
					});
					break;
				}
				case "remove":
					warnings.push({
						type: "other",
						message: "system messages are removed for this model"
					});
					break;
				default: throw new Error(`Unsupported system message mode: ${systemMessageMode}`);
			}
			break;
		}
		case "user":
			input.push({
				...explicitMessageItemType && { type: "message" },
				role: "user",
				content: content.map((part, index) => {
					var _a3, _b2, _c2;
					switch (part.type) {
						case "text": {
							const promptCacheBreakpoint = getPromptCacheBreakpoint2(part.providerOptions, providerOptionsName);
							return {
								type: "input_text",
								text: part.text,
								...promptCacheBreakpoint != null && { prompt_cache_breakpoint: promptCacheBreakpoint }
							};
						}
						case "file": {
							const promptCacheBreakpoint = getPromptCacheBreakpoint2(part.providerOptions, providerOptionsName);
							const mediaType = part.mediaType === "image/*" ? "image/jpeg" : part.mediaType;
							if (mediaType.startsWith("image/")) return {
								type: "input_image",
								...part.data instanceof URL ? { image_url: part.data.toString() } : typeof part.data === "string" && isFileId(part.data, fileIdPrefixes) ? { file_id: part.data } : { image_url: `data:${mediaType};base64,${convertToBase64(part.data)}` },
								detail: (_b2 = (_a3 = part.providerOptions) == null ? void 0 : _a3[providerOptionsName]) == null ? void 0 : _b2.imageDetail,
								...promptCacheBreakpoint != null && { prompt_cache_breakpoint: promptCacheBreakpoint }
							};
							if (part.data instanceof URL) return {
								type: "input_file",
								file_url: part.data.toString(),
								...promptCacheBreakpoint != null && { prompt_cache_breakpoint: promptCacheBreakpoint }
							};
							if (mediaType !== "application/pdf" && !passThroughUnsupportedFiles) throw new UnsupportedFunctionalityError({ functionality: `file part media type ${mediaType}` });
							return {
								type: "input_file",
								...typeof part.data === "string" && isFileId(part.data, fileIdPrefixes) ? { file_id: part.data } : {
									filename: (_c2 = part.filename) != null ? _c2 : mediaType === "application/pdf" ? `part-${index}.pdf` : `part-${index}`,
									file_data: `data:${mediaType};base64,${convertToBase64(part.data)}`
								},
								...promptCacheBreakpoint != null && { prompt_cache_breakpoint: promptCacheBreakpoint }
							};
						}
					}
				})
			});
			break;
		case "assistant": {
			const reasoningMessages = {};
			let hasPrecedingReasoning = false;
			for (const part of content) switch (part.type) {
				case "text": {
					const providerOpts = (_a2 = part.providerOptions) == null ? void 0 : _a2[providerOptionsName];
					const id = providerOpts == null ? void 0 : providerOpts.itemId;
					const phase = providerOpts == null ? void 0 : providerOpts.phase;
					if (hasConversation && id != null) break;
					const canUseItemId = id != null && (!isReasoningModel || hasPrecedingReasoning);
					if (store && canUseItemId) {
						input.push({
							type: "item_reference",
							id
						});
						break;
					}
					input.push({
						...explicitMessageItemType && { type: "message" },
						role: "assistant",
						content: [{
							type: "output_text",
							text: part.text
						}],
						id: canUseItemId ? id : void 0,
						...phase != null && { phase }
					});
					break;
				}
				case "tool-call": {
					const parallelToolCallMetadata = getParallelToolCallMetadata({
						providerOptions: part.providerOptions,
						providerOptionsName
					});
					const parallelToolResultGroup = parallelToolCallMetadata == null ? void 0 : parallelToolResultGroups.get(parallelToolCallMetadata.toolCallId);
					if (parallelToolCallMetadata != null && parallelToolResultGroup != null && hasSameParallelToolCall(parallelToolResultGroup.metadata, parallelToolCallMetadata)) {
						if (!emittedParallelToolCalls.has(parallelToolResultGroup.metadata.toolCallId)) {
							emittedParallelToolCalls.add(parallelToolResultGroup.metadata.toolCallId);
							if (!hasConversation) input.push({
								type: "function_call",
								call_id: parallelToolResultGroup.metadata.toolCallId,
								name: parallelToolResultGroup.metadata.toolName,
								arguments: parallelToolResultGroup.metadata.input
							});
						}
						break;
					}
					const id = (_f = (_c = (_b = part.providerOptions) == null ? void 0 : _b[providerOptionsName]) == null ? void 0 : _c.itemId) != null ? _f : (_e = (_d = part.providerMetadata) == null ? void 0 : _d[providerOptionsName]) == null ? void 0 : _e.itemId;
					const namespace = (_k = (_h = (_g = part.providerOptions) == null ? void 0 : _g[providerOptionsName]) == null ? void 0 : _h.namespace) != null ? _k : (_j = (_i = part.providerMetadata) == null ? void 0 : _i[providerOptionsName]) == null ? void 0 : _j.namespace;
					const isAsync = (_p = (_m = (_l = part.providerOptions) == null ? void 0 : _l[providerOptionsName]) == null ? void 0 : _m.async) != null ? _p : (_o = (_n = part.providerMetadata) == null ? void 0 : _n[providerOptionsName]) == null ? void 0 : _o.async;
					if (hasConversation && id != null) break;
					const resolvedToolName = toolNameMapping.toProviderToolName(part.toolName);
					if (part.toolName === toolSearchToolName) {
						if (store && id != null) {
							input.push({
								type: "item_reference",
								id
							});
							break;
						}
						const parsedInput = typeof part.input === "string" ? await parseJSON({
							text: part.input,
							schema: toolSearchInputSchema
						}) : await validateTypes({
							value: part.input,
							schema: toolSearchInputSchema
						});
						const execution = parsedInput.call_id != null ? "client" : "server";
						input.push({
							type: "tool_search_call",
							id: id != null ? id : part.toolCallId,
							execution,
							call_id: (_q = parsedInput.call_id) != null ? _q : null,
							status: "completed",
							arguments: parsedInput.arguments
						});
						break;
					}
					if (part.providerExecuted) {
						if (store && id != null) input.push({
							type: "item_reference",
							id
						});
						if (store || !hasShellTool || resolvedToolName !== "shell") break;
					}
					const isProviderDefinedToolCall = hasLocalShellTool && resolvedToolName === "local_shell" || hasShellTool && resolvedToolName === "shell" || hasApplyPatchTool && resolvedToolName === "apply_patch" || ((_r = customProviderToolNames == null ? void 0 : customProviderToolNames.has(resolvedToolName)) != null ? _r : false);
					if (hasPreviousResponseId && store && id != null && isProviderDefinedToolCall) break;
					if (store && id != null && isProviderDefinedToolCall) {
						input.push({
							type: "item_reference",
							id
						});
						break;
					}
					if (hasLocalShellTool && resolvedToolName === "local_shell") {
						const parsedInput = await validateTypes({
							value: part.input,
							schema: localShellInputSchema
						});
						input.push({
							type: "local_shell_call",
							call_id: part.toolCallId,
							id,
							action: {
								type: "exec",
								command: parsedInput.action.command,
								timeout_ms: parsedInput.action.timeoutMs,
								user: parsedInput.action.user,
								working_directory: parsedInput.action.workingDirectory,
								env: parsedInput.action.env
							}
						});
						break;
					}
					if (hasShellTool && resolvedToolName === "shell") {
						const parsedInput = await validateTypes({
							value: part.input,
							schema: shellInputSchema
						});
						input.push({
							type: "shell_call",
							call_id: part.toolCallId,
							id,
							status: "completed",
							action: {
								commands: parsedInput.action.commands,
								timeout_ms: parsedInput.action.timeoutMs,
								max_output_length: parsedInput.action.maxOutputLength
							}
						});
						break;
					}
					if (hasApplyPatchTool && resolvedToolName === "apply_patch") {
						const parsedInput = await validateTypes({
							value: part.input,
							schema: applyPatchInputSchema
						});
						input.push({
							type: "apply_patch_call",
							call_id: parsedInput.callId,
							id,
							status: "completed",
							operation: parsedInput.operation
						});
						break;
					}
					if (customProviderToolNames == null ? void 0 : customProviderToolNames.has(resolvedToolName)) {
						input.push({
							type: "custom_tool_call",
							call_id: part.toolCallId,
							name: resolvedToolName,
							input: typeof part.input === "string" ? part.input : stringifyWithBigIntAndCycles(part.input),
							...isAsync != null && { async: isAsync },
							id
						});
						break;
					}
					input.push({
						type: "function_call",
						call_id: part.toolCallId,
						name: resolvedToolName,
						arguments: serializeToolCallArguments2(part.input),
						...isAsync != null && { async: isAsync },
						...namespace != null && { namespace }
					});
					break;
				}
				case "tool-result": {
					if (part.output.type === "execution-denied" || part.output.type === "json" && typeof part.output.value === "object" && part.output.value != null && "type" in part.output.value && part.output.value.type === "execution-denied") break;
					if (hasConversation) break;
					const resolvedResultToolName = toolNameMapping.toProviderToolName(part.toolName);
					if (resolvedResultToolName === "web_search" || resolvedResultToolName === "web_search_preview") {
						const itemId = (_u = (_t = (_s = part.providerOptions) == null ? void 0 : _s[providerOptionsName]) == null ? void 0 : _t.itemId) != null ? _u : part.toolCallId;
						if (store) {
							input.push({
								type: "item_reference",
								id: itemId
							});
							break;
						}
						const webSearchCall = await convertWebSearchToolResultOutput({
							output: part.output,
							id: itemId
						});
						if (webSearchCall != null) {
							input.push(webSearchCall);
							break;
						}
					}
					if (part.toolName === toolSearchToolName) {
						const itemId = (_A = (_z = (_w = (_v = part.providerOptions) == null ? void 0 : _v[providerOptionsName]) == null ? void 0 : _w.itemId) != null ? _z : (_y = (_x = part.providerMetadata) == null ? void 0 : _x[providerOptionsName]) == null ? void 0 : _y.itemId) != null ? _A : part.toolCallId;
						if (store) input.push({
							type: "item_reference",
							id: itemId
						});
						else if (part.output.type === "json") {
							const parsedOutput = await validateTypes({
								value: part.output.value,
								schema: toolSearchOutputSchema
							});
							input.push({
								type: "tool_search_output",
								id: itemId,
								execution: "server",
								call_id: null,
								status: "completed",
								tools: parsedOutput.tools
							});
						}
						break;
					}
					if (hasShellTool && resolvedResultToolName === "shell") {
						if (part.output.type === "json") {
							const parsedOutput = await validateTypes({
								value: part.output.value,
								schema: shellOutputSchema
							});
							input.push({
								type: "shell_call_output",
								call_id: part.toolCallId,
								output: parsedOutput.output.map((item) => ({
									stdout: item.stdout,
									stderr: item.stderr,
									outcome: item.outcome.type === "timeout" ? { type: "timeout" } : {
										type: "exit",
										exit_code: item.outcome.exitCode
									}
								}))
							});
						}
						break;
					}
					if (store) {
						const itemId = (_D = (_C = (_B = part.providerOptions) == null ? void 0 : _B[providerOptionsName]) == null ? void 0 : _C.itemId) != null ? _D : part.toolCallId;
						input.push({
							type: "item_reference",
							id: itemId
						});
					} else warnings.push({
						type: "other",
						message: `Results for OpenAI tool ${part.toolName} are not sent to the API when store is false`
					});
					break;
				}
				case "reasoning": {
					hasPrecedingReasoning = true;
					const providerOptions2 = await parseProviderOptions({
						provider: providerOptionsName,
						providerOptions: part.providerOptions,
						schema: openaiResponsesReasoningProviderOptionsSchema
					});
					const reasoningId = providerOptions2 == null ? void 0 : providerOptions2.itemId;
					if ((hasConversation || hasPreviousResponseId) && reasoningId != null) break;
					if (reasoningId != null) {
						const reasoningMessage = reasoningMessages[reasoningId];
						if (store) {
							if (reasoningMessage === void 0) {
								input.push({
									type: "item_reference",
									id: reasoningId
								});
								reasoningMessages[reasoningId] = {
									type: "reasoning",
									id: reasoningId,
									summary: []
								};
							}
						} else {
							const summaryParts = [];
							if (part.text.length > 0) summaryParts.push({
								type: "summary_text",
								text: part.text
							});
							else if (reasoningMessage !== void 0) warnings.push({
								type: "other",
								message: `Cannot append empty reasoning part to existing reasoning sequence. Skipping reasoning part: ${stringifyWithBigIntAndCycles(part)}.`
							});
							if (reasoningMessage === void 0) {
								reasoningMessages[reasoningId] = {
									type: "reasoning",
									id: reasoningId,
									encrypted_content: providerOptions2 == null ? void 0 : providerOptions2.reasoningEncryptedContent,
									summary: summaryParts
								};
								input.push(reasoningMessages[reasoningId]);
							} else {
								reasoningMessage.summary.push(...summaryParts);
								if ((providerOptions2 == null ? void 0 : providerOptions2.reasoningEncryptedContent) != null) reasoningMessage.encrypted_content = providerOptions2.reasoningEncryptedContent;
							}
						}
					} else {
						const encryptedContent = providerOptions2 == null ? void 0 : providerOptions2.reasoningEncryptedContent;
						if (encryptedContent != null) {
							const summaryParts = [];
							if (part.text.length > 0) summaryParts.push({
								type: "summary_text",
								text: part.text
							});
							input.push({
								type: "reasoning",
								encrypted_content: encryptedContent,
								summary: summaryParts
							});
						} else warnings.push({
							type: "other",
							message: `Non-OpenAI reasoning parts are not supported. Skipping reasoning part: ${stringifyWithBigIntAndCycles(part)}.`
						});
					}
					break;
				}
			}
			break;
		}
		case "tool":
			for (const part of content) {
				if (part.type === "tool-approval-response") {
					const approvalResponse = part;
					if (processedApprovalIds.has(approvalResponse.approvalId)) continue;
					processedApprovalIds.add(approvalResponse.approvalId);
					if (store && !hasConversation && !hasPreviousResponseId) input.push({
						type: "item_reference",
						id: approvalResponse.approvalId
					});
					input.push({
						type: "mcp_approval_response",
						approval_request_id: approvalResponse.approvalId,
						approve: approvalResponse.approved
					});
					continue;
				}
				const parallelToolCallMetadata = getParallelToolCallMetadata({
					providerOptions: part.providerOptions,
					providerOptionsName
				});
				const parallelToolResultGroup = parallelToolCallMetadata == null ? void 0 : parallelToolResultGroups.get(parallelToolCallMetadata.toolCallId);
				if (parallelToolCallMetadata != null && parallelToolResultGroup != null && hasSameParallelToolCall(parallelToolResultGroup.metadata, parallelToolCallMetadata)) {
					if (!emittedParallelToolResults.has(parallelToolResultGroup.metadata.toolCallId)) {
						emittedParallelToolResults.add(parallelToolResultGroup.metadata.toolCallId);
						const toolOutputs = await Promise.all(parallelToolResultGroup.results.map(async (result) => {
							const promptCacheBreakpoint = getScalarToolResultPromptCacheBreakpoint({
								output: result.output,
								toolResultProviderOptions: result.providerOptions,
								providerOptionsName
							});
							return {
								output: await convertFunctionToolResultOutput({
									output: result.output,
									providerOptionsName,
									warnings
								}),
								promptCacheBreakpoint
							};
						}));
						const serializedToolOutputs = toolOutputs.map(({ output: output2 }) => typeof output2 === "string" ? output2 : stringifyWithBigIntAndCycles(output2));
						const hasPromptCacheBreakpoint = toolOutputs.some(({ promptCacheBreakpoint }) => promptCacheBreakpoint != null);
						input.push({
							type: "function_call_output",
							call_id: parallelToolResultGroup.metadata.toolCallId,
							output: hasPromptCacheBreakpoint ? serializedToolOutputs.map((text, index) => ({
								type: "input_text",
								text: index === 0 ? text : `
${text}`,
								...toolOutputs[index].promptCacheBreakpoint != null && { prompt_cache_breakpoint: toolOutputs[index].promptCacheBreakpoint }
							})) : serializedToolOutputs.join("\n")
						});
					}
					continue;
				}
				const output = part.output;
				if (output.type === "execution-denied") {
					if ((_F = (_E = output.providerOptions) == null ? void 0 : _E.openai) == null ? void 0 : _F.approvalId) continue;
				}
				const resolvedToolName = toolNameMapping.toProviderToolName(part.toolName);
				if (part.toolName === toolSearchToolName && output.type === "json") {
					const parsedOutput = await validateTypes({
						value: output.value,
						schema: toolSearchOutputSchema
					});
					input.push({
						type: "tool_search_output",
						execution: "client",
						call_id: part.toolCallId,
						status: "completed",
						tools: parsedOutput.tools
					});
					continue;
				}
				if (hasLocalShellTool && resolvedToolName === "local_shell" && output.type === "json") {
					const parsedOutput = await validateTypes({
						value: output.value,
						schema: localShellOutputSchema
					});
					input.push({
						type: "local_shell_call_output",
						call_id: part.toolCallId,
						output: parsedOutput.output
					});
					continue;
				}
				if (hasShellTool && resolvedToolName === "shell" && output.type === "json") {
					const parsedOutput = await validateTypes({
						value: output.value,
						schema: shellOutputSchema
					});
					input.push({
						type: "shell_call_output",
						call_id: part.toolCallId,
						output: parsedOutput.output.map((item) => ({
							stdout: item.stdout,
							stderr: item.stderr,
							outcome: item.outcome.type === "timeout" ? { type: "timeout" } : {
								type: "exit",
								exit_code: item.outcome.exitCode
							}
						}))
					});
					continue;
				}
				if (hasApplyPatchTool && part.toolName === "apply_patch" && output.type === "json") {
					const parsedOutput = await validateTypes({
						value: output.value,
						schema: applyPatchOutputSchema
					});
					input.push({
						type: "apply_patch_call_output",
						call_id: part.toolCallId,
						status: parsedOutput.status,
						output: parsedOutput.output
					});
					continue;
				}
				if (customProviderToolNames == null ? void 0 : customProviderToolNames.has(resolvedToolName)) {
					const promptCacheBreakpoint = getScalarToolResultPromptCacheBreakpoint({
						output,
						toolResultProviderOptions: part.providerOptions,
						providerOptionsName
					});
					const convertScalarOutput = (value) => promptCacheBreakpoint == null ? value : [{
						type: "input_text",
						text: value,
						prompt_cache_breakpoint: promptCacheBreakpoint
					}];
					let outputValue;
					switch (output.type) {
						case "text":
						case "error-text":
							outputValue = convertScalarOutput(output.value);
							break;
						case "execution-denied":
							outputValue = convertScalarOutput((_G = output.reason) != null ? _G : "Tool call execution denied.");
							break;
						case "json":
						case "error-json":
							outputValue = convertScalarOutput(stringifyWithBigIntAndCycles(output.value));
							break;
						case "content":
							outputValue = output.value.map((item) => {
								var _a3, _b2, _c2, _d2, _e2;
								const promptCacheBreakpoint2 = getPromptCacheBreakpoint2(item.providerOptions, providerOptionsName);
								switch (item.type) {
									case "text": return {
										type: "input_text",
										text: item.text,
										...promptCacheBreakpoint2 != null && { prompt_cache_breakpoint: promptCacheBreakpoint2 }
									};
									case "image-data": return {
										type: "input_image",
										image_url: `data:${item.mediaType};base64,${item.data}`,
										detail: (_b2 = (_a3 = item.providerOptions) == null ? void 0 : _a3[providerOptionsName]) == null ? void 0 : _b2.imageDetail,
										...promptCacheBreakpoint2 != null && { prompt_cache_breakpoint: promptCacheBreakpoint2 }
									};
									case "image-url": return {
										type: "input_image",
										image_url: item.url,
										detail: (_d2 = (_c2 = item.providerOptions) == null ? void 0 : _c2[providerOptionsName]) == null ? void 0 : _d2.imageDetail,
										...promptCacheBreakpoint2 != null && { prompt_cache_breakpoint: promptCacheBreakpoint2 }
									};
									case "file-data": return {
										type: "input_file",
										filename: (_e2 = item.filename) != null ? _e2 : "data",
										file_data: `data:${item.mediaType};base64,${item.data}`,
										...promptCacheBreakpoint2 != null && { prompt_cache_breakpoint: promptCacheBreakpoint2 }
									};
									case "file-url": return {
										type: "input_file",
										file_url: item.url,
										...promptCacheBreakpoint2 != null && { prompt_cache_breakpoint: promptCacheBreakpoint2 }
									};
									default:
										warnings.push({
											type: "other",
											message: `unsupported custom tool content part type: ${item.type}`
										});
										return;
								}
							}).filter(isNonNullable);
							break;
						default: outputValue = "";
					}
					input.push({
						type: "custom_tool_call_output",
						call_id: part.toolCallId,
						output: outputValue
					});
					continue;
				}
				const contentValue = await convertFunctionToolResultOutput({
					output,
					promptCacheBreakpoint: getScalarToolResultPromptCacheBreakpoint({
						output,
						toolResultProviderOptions: part.providerOptions,
						providerOptionsName
					}),
					providerOptionsName,
					warnings
				});
				input.push({
					type: "function_call_output",
					call_id: part.toolCallId,
					output: contentValue
				});
			}
			break;
		default: throw new Error(`Unsupported role: ${role}`);
	}
	if (!store && input.some((item) => "type" in item && item.type === "reasoning" && item.encrypted_content == null)) {
		warnings.push({
			type: "other",
			message: "Reasoning parts without encrypted content are not supported when store is false. Skipping reasoning parts."
		});
		input = input.filter((item) => !("type" in item) || item.type !== "reasoning" || item.encrypted_content != null);
	}
	return {
		input,
		warnings
	};
}
var openaiResponsesReasoningProviderOptionsSchema = lazySchema(() => zodSchema(object({
	itemId: string().nullish(),
	reasoningEncryptedContent: string().nullish()
})));
function mapOpenAIResponseFinishReason({ finishReason, hasFunctionCall, hasRefusal = false }) {
	switch (finishReason) {
		case void 0:
		case null:
			if (hasFunctionCall) return "tool-calls";
			return hasRefusal ? "content-filter" : "stop";
		case "max_output_tokens": return "length";
		case "content_filter": return "content-filter";
		default: return hasFunctionCall ? "tool-calls" : "other";
	}
}
var openaiResponsesPromptCacheDiagnosticsSchema = () => object({
	type: string(),
	reason: string().nullish(),
	cache_missed_tokens: number().nullish(),
	comparison_reusable_tokens: number().nullish()
});
var cachedJsonValueSchema2;
var jsonValueSchema2 = () => cachedJsonValueSchema2 != null ? cachedJsonValueSchema2 : cachedJsonValueSchema2 = lazy(() => union([
	string(),
	number(),
	boolean(),
	_null(),
	array(jsonValueSchema2()),
	record(string(), jsonValueSchema2().optional())
]));
var jsonObjectSchema = () => record(string(), jsonValueSchema2().optional());
var openaiResponsesUsageSchema = () => intersection(jsonObjectSchema(), object({
	input_tokens: number(),
	input_tokens_details: intersection(jsonObjectSchema(), object({
		cached_tokens: number().nullish(),
		cache_write_tokens: number().nullish(),
		cache_write_tokens_details: intersection(jsonObjectSchema(), object({
			ttl_30m_tokens: number().nullish(),
			ttl_12h_tokens: number().nullish()
		})).nullish(),
		orchestration_input_tokens: number().nullish(),
		orchestration_input_cached_tokens: number().nullish()
	})).nullish(),
	output_tokens: number(),
	output_tokens_details: intersection(jsonObjectSchema(), object({
		reasoning_tokens: number().nullish(),
		orchestration_output_tokens: number().nullish()
	})).nullish(),
	total_tokens: number().optional()
}));
function isRecord(value) {
	return value != null && typeof value === "object" && !Array.isArray(value);
}
var openaiResponsesLocalShellCallSchema = () => object({
	type: literal("local_shell_call"),
	id: string(),
	call_id: string(),
	action: object({
		type: literal("exec"),
		command: array(string()),
		timeout_ms: number().optional(),
		user: string().optional(),
		working_directory: string().optional(),
		env: record(string(), string()).optional()
	})
});
var openaiResponsesNestedErrorChunkSchema = () => object({
	type: literal("error"),
	sequence_number: number(),
	error: object({
		type: string(),
		code: string().nullish(),
		message: string(),
		param: string().nullish()
	})
});
var openaiResponsesErrorChunkSchema = () => object({
	type: literal("error"),
	sequence_number: number(),
	code: string().nullish(),
	message: string(),
	param: string().nullish()
});
var openaiResponsesModeledChunkTypes = /* @__PURE__ */ new Set([
	"error",
	"response.apply_patch_call_operation_diff.delta",
	"response.apply_patch_call_operation_diff.done",
	"response.code_interpreter_call_code.delta",
	"response.code_interpreter_call_code.done",
	"response.completed",
	"response.created",
	"response.custom_tool_call_input.delta",
	"response.failed",
	"response.function_call_arguments.delta",
	"response.function_call_arguments.done",
	"response.image_generation_call.partial_image",
	"response.incomplete",
	"response.output_item.added",
	"response.output_item.done",
	"response.output_text.annotation.added",
	"response.output_text.delta",
	"response.refusal.delta",
	"response.refusal.done",
	"response.reasoning_summary_part.added",
	"response.reasoning_summary_part.done",
	"response.reasoning_summary_text.delta"
]);
var openaiResponsesModeledOutputItemTypes = /* @__PURE__ */ new Set([
	"apply_patch_call",
	"code_interpreter_call",
	"computer_call",
	"custom_tool_call",
	"file_search_call",
	"function_call",
	"image_generation_call",
	"local_shell_call",
	"mcp_approval_request",
	"mcp_call",
	"mcp_list_tools",
	"message",
	"reasoning",
	"shell_call",
	"shell_call_output",
	"tool_search_call",
	"tool_search_output",
	"web_search_call"
]);
function isModeledOpenAIResponsesChunk(value) {
	if (typeof value.type !== "string" || !openaiResponsesModeledChunkTypes.has(value.type)) return false;
	if (value.type !== "response.output_item.added" && value.type !== "response.output_item.done") return true;
	if (!isRecord(value.item) || typeof value.item.type !== "string") return true;
	return openaiResponsesModeledOutputItemTypes.has(value.item.type);
}
var openaiResponsesChunkSchema = lazySchema(() => zodSchema(union([
	object({
		type: literal("response.output_text.delta"),
		item_id: string(),
		delta: string(),
		logprobs: array(object({
			token: string(),
			logprob: number(),
			top_logprobs: array(object({
				token: string(),
				logprob: number()
			}))
		})).nullish()
	}),
	object({
		type: literal("response.refusal.delta"),
		item_id: string(),
		output_index: number().nullish(),
		content_index: number().nullish(),
		delta: string()
	}),
	object({
		type: literal("response.refusal.done"),
		item_id: string(),
		output_index: number().nullish(),
		content_index: number().nullish(),
		refusal: string()
	}),
	object({
		type: _enum(["response.completed", "response.incomplete"]),
		response: object({
			prompt_cache_diagnostics: openaiResponsesPromptCacheDiagnosticsSchema().nullish(),
			incomplete_details: object({ reason: string() }).nullish(),
			usage: openaiResponsesUsageSchema().nullish(),
			reasoning: object({ context: string().nullish() }).nullish(),
			service_tier: string().nullish()
		})
	}),
	object({
		type: literal("response.failed"),
		sequence_number: number(),
		response: object({
			prompt_cache_diagnostics: openaiResponsesPromptCacheDiagnosticsSchema().nullish(),
			error: object({
				code: string().nullish(),
				message: string()
			}).nullish(),
			incomplete_details: object({ reason: string() }).nullish(),
			usage: openaiResponsesUsageSchema().nullish(),
			reasoning: object({ context: string().nullish() }).nullish(),
			service_tier: string().nullish()
		})
	}),
	object({
		type: literal("response.created"),
		response: object({
			id: string(),
			created_at: number(),
			model: string(),
			service_tier: string().nullish()
		})
	}),
	object({
		type: literal("response.output_item.added"),
		output_index: number(),
		item: discriminatedUnion("type", [
			object({
				type: literal("message"),
				id: string(),
				phase: _enum(["commentary", "final_answer"]).nullish()
			}),
			object({
				type: literal("reasoning"),
				id: string(),
				encrypted_content: string().nullish()
			}),
			object({
				type: literal("function_call"),
				id: string(),
				call_id: string(),
				name: string(),
				arguments: string(),
				async: boolean().nullish(),
				namespace: string().nullish()
			}),
			object({
				type: literal("web_search_call"),
				id: string(),
				status: string()
			}),
			object({
				type: literal("computer_call"),
				id: string(),
				status: string()
			}),
			object({
				type: literal("file_search_call"),
				id: string()
			}),
			openaiResponsesLocalShellCallSchema(),
			object({
				type: literal("image_generation_call"),
				id: string()
			}),
			object({
				type: literal("code_interpreter_call"),
				id: string(),
				container_id: string(),
				code: string().nullable(),
				outputs: array(discriminatedUnion("type", [object({
					type: literal("logs"),
					logs: string()
				}), object({
					type: literal("image"),
					url: string()
				})])).nullable(),
				status: string()
			}),
			object({
				type: literal("mcp_call"),
				id: string(),
				status: string(),
				approval_request_id: string().nullish()
			}),
			object({
				type: literal("mcp_list_tools"),
				id: string()
			}),
			object({
				type: literal("mcp_approval_request"),
				id: string()
			}),
			object({
				type: literal("apply_patch_call"),
				id: string(),
				call_id: string(),
				status: _enum(["in_progress", "completed"]),
				operation: discriminatedUnion("type", [
					object({
						type: literal("create_file"),
						path: string(),
						diff: string()
					}),
					object({
						type: literal("delete_file"),
						path: string()
					}),
					object({
						type: literal("update_file"),
						path: string(),
						diff: string()
					})
				])
			}),
			object({
				type: literal("custom_tool_call"),
				id: string(),
				call_id: string(),
				name: string(),
				input: string(),
				async: boolean().nullish()
			}),
			object({
				type: literal("shell_call"),
				id: string(),
				call_id: string(),
				status: _enum([
					"in_progress",
					"completed",
					"incomplete"
				]),
				action: object({ commands: array(string()) })
			}),
			object({
				type: literal("shell_call_output"),
				id: string(),
				call_id: string(),
				status: _enum([
					"in_progress",
					"completed",
					"incomplete"
				]),
				output: array(object({
					stdout: string(),
					stderr: string(),
					outcome: discriminatedUnion("type", [object({ type: literal("timeout") }), object({
						type: literal("exit"),
						exit_code: number()
					})])
				}))
			}),
			object({
				type: literal("tool_search_call"),
				id: string(),
				execution: _enum(["server", "client"]),
				call_id: string().nullable(),
				status: _enum([
					"in_progress",
					"completed",
					"incomplete"
				]),
				arguments: unknown()
			}),
			object({
				type: literal("tool_search_output"),
				id: string(),
				execution: _enum(["server", "client"]),
				call_id: string().nullable(),
				status: _enum([
					"in_progress",
					"completed",
					"incomplete"
				]),
				tools: array(record(string(), jsonValueSchema2().optional()))
			})
		])
	}),
	object({
		type: literal("response.output_item.done"),
		output_index: number(),
		item: discriminatedUnion("type", [
			object({
				type: literal("message"),
				id: string(),
				phase: _enum(["commentary", "final_answer"]).nullish()
			}),
			object({
				type: literal("reasoning"),
				id: string(),
				encrypted_content: string().nullish()
			}),
			object({
				type: literal("function_call"),
				id: string(),
				call_id: string(),
				name: string(),
				arguments: string(),
				async: boolean().nullish(),
				status: _enum([
					"in_progress",
					"completed",
					"incomplete"
				]),
				namespace: string().nullish()
			}),
			object({
				type: literal("custom_tool_call"),
				id: string(),
				call_id: string(),
				name: string(),
				input: string(),
				async: boolean().nullish(),
				status: _enum([
					"in_progress",
					"completed",
					"incomplete"
				])
			}),
			object({
				type: literal("code_interpreter_call"),
				id: string(),
				code: string().nullable(),
				container_id: string(),
				outputs: array(discriminatedUnion("type", [object({
					type: literal("logs"),
					logs: string()
				}), object({
					type: literal("image"),
					url: string()
				})])).nullable()
			}),
			object({
				type: literal("image_generation_call"),
				id: string(),
				result: string()
			}),
			object({
				type: literal("web_search_call"),
				id: string(),
				status: string(),
				action: discriminatedUnion("type", [
					object({
						type: literal("search"),
						query: string().nullish(),
						queries: array(string()).nullish(),
						sources: array(discriminatedUnion("type", [object({
							type: literal("url"),
							url: string()
						}), object({
							type: literal("api"),
							name: string()
						})])).nullish()
					}),
					object({
						type: literal("open_page"),
						url: string().nullish()
					}),
					object({
						type: literal("find_in_page"),
						url: string().nullish(),
						pattern: string().nullish()
					})
				]).nullish()
			}),
			object({
				type: literal("file_search_call"),
				id: string(),
				queries: array(string()),
				results: array(object({
					attributes: record(string(), union([
						string(),
						number(),
						boolean()
					])),
					file_id: string(),
					filename: string(),
					score: number(),
					text: string()
				})).nullish()
			}),
			openaiResponsesLocalShellCallSchema(),
			object({
				type: literal("computer_call"),
				id: string(),
				status: literal("completed")
			}),
			object({
				type: literal("mcp_call"),
				id: string(),
				status: string(),
				arguments: string(),
				name: string(),
				server_label: string(),
				output: string().nullish(),
				error: union([string(), object({
					type: string().optional(),
					code: union([number(), string()]).optional(),
					message: string().optional()
				}).loose()]).nullish(),
				approval_request_id: string().nullish()
			}),
			object({
				type: literal("mcp_list_tools"),
				id: string(),
				server_label: string(),
				tools: array(object({
					name: string(),
					description: string().optional(),
					input_schema: any(),
					annotations: record(string(), unknown()).optional()
				})),
				error: union([string(), object({
					type: string().optional(),
					code: union([number(), string()]).optional(),
					message: string().optional()
				}).loose()]).optional()
			}),
			object({
				type: literal("mcp_approval_request"),
				id: string(),
				server_label: string(),
				name: string(),
				arguments: string(),
				approval_request_id: string().optional()
			}),
			object({
				type: literal("apply_patch_call"),
				id: string(),
				call_id: string(),
				status: _enum(["in_progress", "completed"]),
				operation: discriminatedUnion("type", [
					object({
						type: literal("create_file"),
						path: string(),
						diff: string()
					}),
					object({
						type: literal("delete_file"),
						path: string()
					}),
					object({
						type: literal("update_file"),
						path: string(),
						diff: string()
					})
				])
			}),
			object({
				type: literal("shell_call"),
				id: string(),
				call_id: string(),
				status: _enum([
					"in_progress",
					"completed",
					"incomplete"
				]),
				action: object({ commands: array(string()) })
			}),
			object({
				type: literal("shell_call_output"),
				id: string(),
				call_id: string(),
				status: _enum([
					"in_progress",
					"completed",
					"incomplete"
				]),
				output: array(object({
					stdout: string(),
					stderr: string(),
					outcome: discriminatedUnion("type", [object({ type: literal("timeout") }), object({
						type: literal("exit"),
						exit_code: number()
					})])
				}))
			}),
			object({
				type: literal("tool_search_call"),
				id: string(),
				execution: _enum(["server", "client"]),
				call_id: string().nullable(),
				status: _enum([
					"in_progress",
					"completed",
					"incomplete"
				]),
				arguments: unknown()
			}),
			object({
				type: literal("tool_search_output"),
				id: string(),
				execution: _enum(["server", "client"]),
				call_id: string().nullable(),
				status: _enum([
					"in_progress",
					"completed",
					"incomplete"
				]),
				tools: array(record(string(), jsonValueSchema2().optional()))
			})
		])
	}),
	object({
		type: literal("response.function_call_arguments.delta"),
		item_id: string(),
		output_index: number(),
		delta: string()
	}),
	object({
		type: literal("response.function_call_arguments.done"),
		item_id: string(),
		output_index: number(),
		arguments: string()
	}),
	object({
		type: literal("response.custom_tool_call_input.delta"),
		item_id: string(),
		output_index: number(),
		delta: string()
	}),
	object({
		type: literal("response.image_generation_call.partial_image"),
		item_id: string(),
		output_index: number(),
		partial_image_b64: string()
	}),
	object({
		type: literal("response.code_interpreter_call_code.delta"),
		item_id: string(),
		output_index: number(),
		delta: string()
	}),
	object({
		type: literal("response.code_interpreter_call_code.done"),
		item_id: string(),
		output_index: number(),
		code: string()
	}),
	object({
		type: literal("response.output_text.annotation.added"),
		annotation: discriminatedUnion("type", [
			object({
				type: literal("url_citation"),
				start_index: number(),
				end_index: number(),
				url: string(),
				title: string()
			}),
			object({
				type: literal("file_citation"),
				file_id: string(),
				filename: string(),
				index: number()
			}),
			object({
				type: literal("container_file_citation"),
				container_id: string(),
				file_id: string(),
				filename: string(),
				start_index: number(),
				end_index: number()
			}),
			object({
				type: literal("file_path"),
				file_id: string(),
				index: number()
			})
		])
	}),
	object({
		type: literal("response.reasoning_summary_part.added"),
		item_id: string(),
		summary_index: number()
	}),
	object({
		type: literal("response.reasoning_summary_text.delta"),
		item_id: string(),
		summary_index: number(),
		delta: string()
	}),
	object({
		type: literal("response.reasoning_summary_part.done"),
		item_id: string(),
		summary_index: number()
	}),
	object({
		type: literal("response.apply_patch_call_operation_diff.delta"),
		item_id: string(),
		output_index: number(),
		delta: string(),
		obfuscation: string().nullish()
	}),
	object({
		type: literal("response.apply_patch_call_operation_diff.done"),
		item_id: string(),
		output_index: number(),
		diff: string()
	}),
	openaiResponsesNestedErrorChunkSchema(),
	openaiResponsesErrorChunkSchema(),
	object({ type: string() }).loose().refine((value) => !isModeledOpenAIResponsesChunk(value), { message: "Known response chunk failed schema validation" }).transform((value) => ({
		type: "unknown_chunk",
		message: value.type
	}))
])));
var openaiResponsesResponseSchema = lazySchema(() => zodSchema(object({
	id: string().optional(),
	created_at: number().optional(),
	error: object({
		message: string(),
		type: string(),
		param: string().nullish(),
		code: string()
	}).nullish(),
	model: string().optional(),
	output: array(discriminatedUnion("type", [
		object({
			type: literal("message"),
			role: literal("assistant"),
			id: string(),
			phase: _enum(["commentary", "final_answer"]).nullish(),
			content: array(discriminatedUnion("type", [object({
				type: literal("output_text"),
				text: string(),
				logprobs: array(object({
					token: string(),
					logprob: number(),
					top_logprobs: array(object({
						token: string(),
						logprob: number()
					}))
				})).nullish(),
				annotations: array(discriminatedUnion("type", [
					object({
						type: literal("url_citation"),
						start_index: number(),
						end_index: number(),
						url: string(),
						title: string()
					}),
					object({
						type: literal("file_citation"),
						file_id: string(),
						filename: string(),
						index: number()
					}),
					object({
						type: literal("container_file_citation"),
						container_id: string(),
						file_id: string(),
						filename: string(),
						start_index: number(),
						end_index: number()
					}),
					object({
						type: literal("file_path"),
						file_id: string(),
						index: number()
					})
				]))
			}), object({
				type: literal("refusal"),
				refusal: string()
			})]))
		}),
		object({
			type: literal("web_search_call"),
			id: string(),
			status: string(),
			action: discriminatedUnion("type", [
				object({
					type: literal("search"),
					query: string().nullish(),
					queries: array(string()).nullish(),
					sources: array(discriminatedUnion("type", [object({
						type: literal("url"),
						url: string()
					}), object({
						type: literal("api"),
						name: string()
					})])).nullish()
				}),
				object({
					type: literal("open_page"),
					url: string().nullish()
				}),
				object({
					type: literal("find_in_page"),
					url: string().nullish(),
					pattern: string().nullish()
				})
			]).nullish()
		}),
		object({
			type: literal("file_search_call"),
			id: string(),
			queries: array(string()),
			results: array(object({
				attributes: record(string(), union([
					string(),
					number(),
					boolean()
				])),
				file_id: string(),
				filename: string(),
				score: number(),
				text: string()
			})).nullish()
		}),
		object({
			type: literal("code_interpreter_call"),
			id: string(),
			code: string().nullable(),
			container_id: string(),
			outputs: array(discriminatedUnion("type", [object({
				type: literal("logs"),
				logs: string()
			}), object({
				type: literal("image"),
				url: string()
			})])).nullable()
		}),
		object({
			type: literal("image_generation_call"),
			id: string(),
			result: string()
		}),
		openaiResponsesLocalShellCallSchema(),
		object({
			type: literal("function_call"),
			call_id: string(),
			name: string(),
			arguments: string(),
			id: string(),
			async: boolean().nullish(),
			namespace: string().nullish()
		}),
		object({
			type: literal("custom_tool_call"),
			call_id: string(),
			name: string(),
			input: string(),
			id: string(),
			async: boolean().nullish()
		}),
		object({
			type: literal("computer_call"),
			id: string(),
			status: string().optional()
		}),
		object({
			type: literal("reasoning"),
			id: string(),
			encrypted_content: string().nullish(),
			summary: array(object({
				type: literal("summary_text"),
				text: string()
			}))
		}),
		object({
			type: literal("mcp_call"),
			id: string(),
			status: string(),
			arguments: string(),
			name: string(),
			server_label: string(),
			output: string().nullish(),
			error: union([string(), object({
				type: string().optional(),
				code: union([number(), string()]).optional(),
				message: string().optional()
			}).loose()]).nullish(),
			approval_request_id: string().nullish()
		}),
		object({
			type: literal("mcp_list_tools"),
			id: string(),
			server_label: string(),
			tools: array(object({
				name: string(),
				description: string().optional(),
				input_schema: any(),
				annotations: record(string(), unknown()).optional()
			})),
			error: union([string(), object({
				type: string().optional(),
				code: union([number(), string()]).optional(),
				message: string().optional()
			}).loose()]).optional()
		}),
		object({
			type: literal("mcp_approval_request"),
			id: string(),
			server_label: string(),
			name: string(),
			arguments: string(),
			approval_request_id: string().optional()
		}),
		object({
			type: literal("apply_patch_call"),
			id: string(),
			call_id: string(),
			status: _enum(["in_progress", "completed"]),
			operation: discriminatedUnion("type", [
				object({
					type: literal("create_file"),
					path: string(),
					diff: string()
				}),
				object({
					type: literal("delete_file"),
					path: string()
				}),
				object({
					type: literal("update_file"),
					path: string(),
					diff: string()
				})
			])
		}),
		object({
			type: literal("shell_call"),
			id: string(),
			call_id: string(),
			status: _enum([
				"in_progress",
				"completed",
				"incomplete"
			]),
			action: object({ commands: array(string()) })
		}),
		object({
			type: literal("shell_call_output"),
			id: string(),
			call_id: string(),
			status: _enum([
				"in_progress",
				"completed",
				"incomplete"
			]),
			output: array(object({
				stdout: string(),
				stderr: string(),
				outcome: discriminatedUnion("type", [object({ type: literal("timeout") }), object({
					type: literal("exit"),
					exit_code: number()
				})])
			}))
		}),
		object({
			type: literal("tool_search_call"),
			id: string(),
			execution: _enum(["server", "client"]),
			call_id: string().nullable(),
			status: _enum([
				"in_progress",
				"completed",
				"incomplete"
			]),
			arguments: unknown()
		}),
		object({
			type: literal("tool_search_output"),
			id: string(),
			execution: _enum(["server", "client"]),
			call_id: string().nullable(),
			status: _enum([
				"in_progress",
				"completed",
				"incomplete"
			]),
			tools: array(record(string(), jsonValueSchema2().optional()))
		})
	])).optional(),
	service_tier: string().nullish(),
	prompt_cache_diagnostics: openaiResponsesPromptCacheDiagnosticsSchema().nullish(),
	reasoning: object({ context: string().nullish() }).nullish(),
	incomplete_details: object({ reason: string() }).nullish(),
	usage: openaiResponsesUsageSchema().nullish()
})));
async function prepareResponsesTools({ tools, toolChoice, allowedTools, toolNameMapping, customProviderToolNames, supportsAsyncToolCalling = true, providerOptionsName = "openai" }) {
	var _a2, _b, _c, _d, _e, _f;
	tools = (tools == null ? void 0 : tools.length) ? tools : void 0;
	const toolWarnings = [];
	if (tools == null) return {
		tools: void 0,
		toolChoice: void 0,
		toolWarnings
	};
	const openaiTools2 = [];
	const namespaceTools = /* @__PURE__ */ new Map();
	const resolvedCustomProviderToolNames = customProviderToolNames != null ? customProviderToolNames : /* @__PURE__ */ new Set();
	const allowedToolResolutions = /* @__PURE__ */ new Map();
	const allowedToolAliases = /* @__PURE__ */ new Map();
	const recordAllowedTool = (toolName, resolution, canonicalName) => {
		allowedToolResolutions.set(toolName, resolution);
		if (canonicalName == null || canonicalName === toolName) return;
		const existingAlias = allowedToolAliases.get(canonicalName);
		if (existingAlias == null) allowedToolAliases.set(canonicalName, resolution);
		else if (existingAlias !== "ambiguous" && !isSameAllowedTool(existingAlias, resolution)) allowedToolAliases.set(canonicalName, "ambiguous");
	};
	for (const tool of tools) switch (tool.type) {
		case "function": {
			const openaiOptions = (_c = (_a2 = tool.providerOptions) == null ? void 0 : _a2[providerOptionsName]) != null ? _c : (_b = tool.providerOptions) == null ? void 0 : _b.openai;
			const openaiFunctionTool = prepareFunctionTool({
				tool,
				options: openaiOptions,
				async: resolveAsyncToolOption({
					value: openaiOptions == null ? void 0 : openaiOptions.async,
					supportsAsyncToolCalling,
					toolName: tool.name,
					toolWarnings
				})
			});
			const namespace = openaiOptions == null ? void 0 : openaiOptions.namespace;
			if (namespace == null) openaiTools2.push(openaiFunctionTool);
			else {
				let namespaceTool = namespaceTools.get(namespace.name);
				if (namespaceTool == null) {
					namespaceTool = {
						type: "namespace",
						name: namespace.name,
						description: namespace.description,
						tools: []
					};
					namespaceTools.set(namespace.name, namespaceTool);
					openaiTools2.push(namespaceTool);
				} else if (namespaceTool.description !== namespace.description) throw new UnsupportedFunctionalityError({ functionality: `conflicting descriptions for OpenAI tool namespace "${namespace.name}"` });
				namespaceTool.tools.push(openaiFunctionTool);
			}
			recordAllowedTool(tool.name, namespace != null ? {
				supported: false,
				reason: "tools inside an OpenAI tool namespace are not visible to tool_choice.allowed_tools"
			} : (openaiOptions == null ? void 0 : openaiOptions.deferLoading) === true ? {
				supported: false,
				reason: "deferred tools are not visible to tool_choice.allowed_tools"
			} : {
				supported: true,
				entry: {
					type: "function",
					name: tool.name
				}
			}, void 0);
			break;
		}
		case "provider": {
			const openaiToolCountBefore = openaiTools2.length;
			switch (tool.id) {
				case "openai.file_search": {
					const args = await validateTypes({
						value: tool.args,
						schema: fileSearchArgsSchema
					});
					openaiTools2.push({
						type: "file_search",
						vector_store_ids: args.vectorStoreIds,
						max_num_results: args.maxNumResults,
						ranking_options: args.ranking ? {
							ranker: args.ranking.ranker,
							score_threshold: args.ranking.scoreThreshold
						} : void 0,
						filters: args.filters
					});
					break;
				}
				case "openai.local_shell":
					openaiTools2.push({ type: "local_shell" });
					break;
				case "openai.shell": {
					const args = await validateTypes({
						value: tool.args,
						schema: shellArgsSchema
					});
					openaiTools2.push({
						type: "shell",
						...args.environment && { environment: mapShellEnvironment(args.environment) }
					});
					break;
				}
				case "openai.apply_patch":
					openaiTools2.push({ type: "apply_patch" });
					break;
				case "openai.web_search_preview": {
					const args = await validateTypes({
						value: tool.args,
						schema: webSearchPreviewArgsSchema
					});
					openaiTools2.push({
						type: "web_search_preview",
						search_context_size: args.searchContextSize,
						user_location: args.userLocation
					});
					break;
				}
				case "openai.web_search": {
					const args = await validateTypes({
						value: tool.args,
						schema: webSearchArgsSchema
					});
					openaiTools2.push({
						type: "web_search",
						filters: args.filters != null ? {
							allowed_domains: args.filters.allowedDomains,
							blocked_domains: args.filters.blockedDomains
						} : void 0,
						external_web_access: args.externalWebAccess,
						search_context_size: args.searchContextSize,
						user_location: args.userLocation
					});
					break;
				}
				case "openai.code_interpreter": {
					const args = await validateTypes({
						value: tool.args,
						schema: codeInterpreterArgsSchema
					});
					openaiTools2.push({
						type: "code_interpreter",
						container: args.container == null ? {
							type: "auto",
							file_ids: void 0
						} : typeof args.container === "string" ? args.container : {
							type: "auto",
							file_ids: args.container.fileIds
						}
					});
					break;
				}
				case "openai.image_generation": {
					const args = await validateTypes({
						value: tool.args,
						schema: imageGenerationArgsSchema
					});
					openaiTools2.push({
						type: "image_generation",
						background: args.background,
						input_fidelity: args.inputFidelity,
						input_image_mask: args.inputImageMask ? {
							file_id: args.inputImageMask.fileId,
							image_url: args.inputImageMask.imageUrl
						} : void 0,
						model: args.model,
						moderation: args.moderation,
						partial_images: args.partialImages,
						quality: args.quality,
						output_compression: args.outputCompression,
						output_format: args.outputFormat,
						size: args.size
					});
					break;
				}
				case "openai.mcp": {
					const args = await validateTypes({
						value: tool.args,
						schema: mcpArgsSchema
					});
					const mapApprovalFilter = (filter) => ({ tool_names: filter.toolNames });
					const requireApproval = args.requireApproval;
					const requireApprovalParam = requireApproval == null ? void 0 : typeof requireApproval === "string" ? requireApproval : requireApproval.never != null ? { never: mapApprovalFilter(requireApproval.never) } : void 0;
					openaiTools2.push({
						type: "mcp",
						server_label: args.serverLabel,
						allowed_tools: Array.isArray(args.allowedTools) ? args.allowedTools : args.allowedTools ? {
							read_only: args.allowedTools.readOnly,
							tool_names: args.allowedTools.toolNames
						} : void 0,
						authorization: args.authorization,
						connector_id: args.connectorId,
						headers: args.headers,
						require_approval: requireApprovalParam != null ? requireApprovalParam : "never",
						server_description: args.serverDescription,
						server_url: args.serverUrl
					});
					break;
				}
				case "openai.custom": {
					const args = await validateTypes({
						value: tool.args,
						schema: customArgsSchema
					});
					openaiTools2.push({
						type: "custom",
						name: args.name,
						description: args.description,
						...resolveAsyncToolOption({
							value: args.async,
							supportsAsyncToolCalling,
							toolName: args.name,
							toolWarnings
						}) != null ? { async: args.async } : {},
						format: args.format
					});
					resolvedCustomProviderToolNames.add(args.name);
					break;
				}
				case "openai.tool_search": {
					const args = await validateTypes({
						value: tool.args,
						schema: toolSearchArgsSchema
					});
					openaiTools2.push({
						type: "tool_search",
						...args.execution != null ? { execution: args.execution } : {},
						...args.description != null ? { description: args.description } : {},
						...args.parameters != null ? { parameters: args.parameters } : {}
					});
					break;
				}
			}
			if (openaiTools2.length > openaiToolCountBefore) {
				const openaiTool = openaiTools2[openaiToolCountBefore];
				recordAllowedTool(tool.name, toAllowedToolResolution(openaiTool), toolNameMapping == null ? void 0 : toolNameMapping.toProviderToolName(tool.name));
			}
			break;
		}
		default: toolWarnings.push({
			type: "unsupported",
			feature: `function tool ${tool}`
		});
	}
	if (allowedTools != null) {
		const allowedToolEntries = [];
		const droppedToolNames = [];
		for (const name of allowedTools.toolNames) {
			const directResolution = allowedToolResolutions.get(name);
			const resolution = directResolution != null ? directResolution : allowedToolAliases.get(name);
			if (directResolution != null && allowedToolAliases.has(name)) toolWarnings.push({
				type: "unsupported",
				feature: `allowedTools entry "${name}"`,
				details: "this name is both a tool name and the provider tool name of another tool in this request; the tool with this name is allowed"
			});
			if (resolution === "ambiguous") {
				toolWarnings.push({
					type: "unsupported",
					feature: `allowedTools entry "${name}"`,
					details: "several tools in this request share this provider tool name; use the tool name from the tools for this request instead"
				});
				droppedToolNames.push(name);
				continue;
			}
			if (resolution == null) {
				toolWarnings.push({
					type: "unsupported",
					feature: `allowedTools entry "${name}"`,
					details: "the tool is not part of the tools for this request and is sent as a function tool"
				});
				allowedToolEntries.push({
					type: "function",
					name: (_d = toolNameMapping == null ? void 0 : toolNameMapping.toProviderToolName(name)) != null ? _d : name
				});
				continue;
			}
			if (!resolution.supported) {
				toolWarnings.push({
					type: "unsupported",
					feature: `allowedTools entry "${name}"`,
					details: `${resolution.reason}; the tool is removed from the allowed tools`
				});
				droppedToolNames.push(name);
				continue;
			}
			allowedToolEntries.push(resolution.entry);
		}
		if (allowedToolEntries.length === 0) throw new UnsupportedFunctionalityError({ functionality: `allowedTools with only tools that cannot be allow-listed (${droppedToolNames.join(", ")})` });
		return {
			tools: openaiTools2,
			toolChoice: {
				type: "allowed_tools",
				mode: (_e = allowedTools.mode) != null ? _e : "auto",
				tools: allowedToolEntries
			},
			toolWarnings
		};
	}
	if (toolChoice == null) return {
		tools: openaiTools2,
		toolChoice: void 0,
		toolWarnings
	};
	const type = toolChoice.type;
	switch (type) {
		case "auto":
		case "none":
		case "required": return {
			tools: openaiTools2,
			toolChoice: type,
			toolWarnings
		};
		case "tool": {
			const resolvedToolName = (_f = toolNameMapping == null ? void 0 : toolNameMapping.toProviderToolName(toolChoice.toolName)) != null ? _f : toolChoice.toolName;
			return {
				tools: openaiTools2,
				toolChoice: resolvedToolName === "code_interpreter" || resolvedToolName === "file_search" || resolvedToolName === "image_generation" || resolvedToolName === "web_search_preview" || resolvedToolName === "web_search" || resolvedToolName === "mcp" || resolvedToolName === "apply_patch" ? { type: resolvedToolName } : resolvedCustomProviderToolNames.has(resolvedToolName) ? {
					type: "custom",
					name: resolvedToolName
				} : {
					type: "function",
					name: resolvedToolName
				},
				toolWarnings
			};
		}
		default: throw new UnsupportedFunctionalityError({ functionality: `tool choice type: ${type}` });
	}
}
function allowedToolKey(entry) {
	switch (entry.type) {
		case "mcp": return `mcp:${entry.server_label}`;
		case "function":
		case "custom": return `${entry.type}:${entry.name}`;
		default: return entry.type;
	}
}
function isSameAllowedTool(a, b) {
	if (a.supported && b.supported) return allowedToolKey(a.entry) === allowedToolKey(b.entry);
	if (!a.supported && !b.supported) return a.reason === b.reason;
	return false;
}
function toAllowedToolResolution(tool) {
	switch (tool.type) {
		case "custom": return {
			supported: true,
			entry: {
				type: "custom",
				name: tool.name
			}
		};
		case "mcp": return {
			supported: true,
			entry: {
				type: "mcp",
				server_label: tool.server_label
			}
		};
		case "file_search":
		case "web_search":
		case "web_search_preview":
		case "image_generation":
		case "code_interpreter":
		case "apply_patch":
		case "shell":
		case "local_shell": return {
			supported: true,
			entry: { type: tool.type }
		};
		default: return {
			supported: false,
			reason: `OpenAI does not support ${tool.type} tools in tool_choice.allowed_tools`
		};
	}
}
function prepareFunctionTool({ tool, options, async }) {
	const deferLoading = options == null ? void 0 : options.deferLoading;
	return {
		type: "function",
		name: tool.name,
		description: tool.description,
		parameters: tool.inputSchema,
		...async != null ? { async } : {},
		...tool.strict != null ? { strict: tool.strict } : {},
		...deferLoading != null ? { defer_loading: deferLoading } : {}
	};
}
function resolveAsyncToolOption({ value, supportsAsyncToolCalling, toolName, toolWarnings }) {
	if (value !== true || supportsAsyncToolCalling) return value;
	toolWarnings.push({
		type: "unsupported",
		feature: `async tool calling for "${toolName}"`,
		details: "Async tool calling is only supported by GPT-6 and later models."
	});
}
function mapShellEnvironment(environment) {
	if (environment.type === "containerReference") return {
		type: "container_reference",
		container_id: environment.containerId
	};
	if (environment.type === "containerAuto") {
		const env2 = environment;
		return {
			type: "container_auto",
			file_ids: env2.fileIds,
			memory_limit: env2.memoryLimit,
			network_policy: env2.networkPolicy == null ? void 0 : env2.networkPolicy.type === "disabled" ? { type: "disabled" } : {
				type: "allowlist",
				allowed_domains: env2.networkPolicy.allowedDomains,
				domain_secrets: env2.networkPolicy.domainSecrets
			},
			skills: mapShellSkills(env2.skills)
		};
	}
	return {
		type: "local",
		skills: environment.skills
	};
}
function mapShellSkills(skills) {
	return skills == null ? void 0 : skills.map((skill) => skill.type === "skillReference" ? {
		type: "skill_reference",
		skill_id: skill.skillId,
		version: skill.version
	} : {
		type: "inline",
		name: skill.name,
		description: skill.description,
		source: {
			type: "base64",
			media_type: skill.source.mediaType,
			data: skill.source.data
		}
	});
}
function extractApprovalRequestIdToToolCallIdMapping(prompt) {
	var _a2, _b;
	const mapping = {};
	for (const message of prompt) {
		if (message.role !== "assistant") continue;
		for (const part of message.content) {
			if (part.type !== "tool-call") continue;
			const approvalRequestId = (_b = (_a2 = part.providerOptions) == null ? void 0 : _a2.openai) == null ? void 0 : _b.approvalRequestId;
			if (approvalRequestId != null) mapping[approvalRequestId] = part.toolCallId;
		}
	}
	return mapping;
}
function getConfigurationUpdateUnsupportedReason({ modelCapabilities, options }) {
	if (!modelCapabilities.supportsConfigurationUpdate) return "Configuration updates are only supported by GPT-6 and later models";
	if ((options == null ? void 0 : options.reasoningMode) === "pro" || (options == null ? void 0 : options.truncation) === "auto") return "Configuration updates require standard reasoning mode without automatic truncation";
}
var OpenAIResponsesLanguageModel = class {
	constructor(modelId, config) {
		this.specificationVersion = "v3";
		this.supportedUrls = {
			"image/*": [/^https?:\/\/.*$/],
			"application/pdf": [/^https?:\/\/.*$/]
		};
		this.modelId = modelId;
		this.config = config;
	}
	get provider() {
		return this.config.provider;
	}
	async getArgs({ maxOutputTokens, temperature, stopSequences, topP, topK, presencePenalty, frequencyPenalty, seed, prompt, providerOptions, tools, toolChoice, responseFormat }) {
		var _a2, _b, _c, _d, _e, _f, _g, _h, _i, _j, _k, _l, _m, _n;
		const warnings = [];
		const modelCapabilities = getOpenAILanguageModelCapabilities(this.modelId);
		if (topK != null) warnings.push({
			type: "unsupported",
			feature: "topK"
		});
		if (seed != null) warnings.push({
			type: "unsupported",
			feature: "seed"
		});
		if (presencePenalty != null) warnings.push({
			type: "unsupported",
			feature: "presencePenalty"
		});
		if (frequencyPenalty != null) warnings.push({
			type: "unsupported",
			feature: "frequencyPenalty"
		});
		if (stopSequences != null) warnings.push({
			type: "unsupported",
			feature: "stopSequences"
		});
		const providerOptionsName = this.config.provider.includes("azure") ? "azure" : "openai";
		let openaiOptions = await parseProviderOptions({
			provider: providerOptionsName,
			providerOptions,
			schema: openaiLanguageModelResponsesOptionsSchema
		});
		if (openaiOptions == null && providerOptionsName !== "openai") openaiOptions = await parseProviderOptions({
			provider: "openai",
			providerOptions,
			schema: openaiLanguageModelResponsesOptionsSchema
		});
		const isReasoningModel = (_a2 = openaiOptions == null ? void 0 : openaiOptions.forceReasoning) != null ? _a2 : modelCapabilities.isReasoningModel;
		let resolvedReasoningEffort = openaiOptions == null ? void 0 : openaiOptions.reasoningEffort;
		if (resolvedReasoningEffort != null && modelCapabilities.supportedReasoningEfforts != null && !modelCapabilities.supportedReasoningEfforts.includes(resolvedReasoningEffort)) {
			warnings.push({
				type: "unsupported",
				feature: "reasoningEffort",
				details: `${this.modelId} only supports the following reasoning efforts: ${modelCapabilities.supportedReasoningEfforts.join(", ")}`
			});
			resolvedReasoningEffort = void 0;
		}
		if ((openaiOptions == null ? void 0 : openaiOptions.conversation) && (openaiOptions == null ? void 0 : openaiOptions.previousResponseId)) warnings.push({
			type: "unsupported",
			feature: "conversation",
			details: "conversation and previousResponseId cannot be used together"
		});
		const toolNameMapping = createToolNameMapping({
			tools,
			providerToolNames: {
				"openai.code_interpreter": "code_interpreter",
				"openai.file_search": "file_search",
				"openai.image_generation": "image_generation",
				"openai.local_shell": "local_shell",
				"openai.shell": "shell",
				"openai.web_search": "web_search",
				"openai.web_search_preview": "web_search_preview",
				"openai.mcp": "mcp",
				"openai.apply_patch": "apply_patch",
				"openai.tool_search": "tool_search"
			},
			resolveProviderToolName: (tool) => tool.id === "openai.custom" ? tool.args.name : void 0
		});
		const customProviderToolNames = /* @__PURE__ */ new Set();
		const { tools: openaiTools2, toolChoice: openaiToolChoice, toolWarnings } = await prepareResponsesTools({
			tools,
			toolChoice,
			allowedTools: (_b = openaiOptions == null ? void 0 : openaiOptions.allowedTools) != null ? _b : void 0,
			toolNameMapping,
			customProviderToolNames,
			supportsAsyncToolCalling: modelCapabilities.supportsAsyncToolCalling,
			providerOptionsName
		});
		const configurationUpdateUnsupportedReason = getConfigurationUpdateUnsupportedReason({
			modelCapabilities,
			options: openaiOptions
		});
		const { input, warnings: inputWarnings } = await convertToOpenAIResponsesInput({
			prompt,
			configurationUpdateUnsupportedReason,
			toolNameMapping,
			systemMessageMode: (_c = openaiOptions == null ? void 0 : openaiOptions.systemMessageMode) != null ? _c : isReasoningModel ? "developer" : modelCapabilities.systemMessageMode,
			providerOptionsName,
			explicitMessageItemType: this.config.explicitMessageItemType,
			fileIdPrefixes: this.config.fileIdPrefixes,
			passThroughUnsupportedFiles: (_d = openaiOptions == null ? void 0 : openaiOptions.passThroughUnsupportedFiles) != null ? _d : false,
			store: (_e = openaiOptions == null ? void 0 : openaiOptions.store) != null ? _e : true,
			isReasoningModel,
			hasConversation: (openaiOptions == null ? void 0 : openaiOptions.conversation) != null,
			hasPreviousResponseId: (openaiOptions == null ? void 0 : openaiOptions.previousResponseId) != null,
			hasLocalShellTool: hasOpenAITool("openai.local_shell"),
			hasShellTool: hasOpenAITool("openai.shell"),
			hasApplyPatchTool: hasOpenAITool("openai.apply_patch"),
			toolSearchToolName: getOpenAIToolName("openai.tool_search"),
			customProviderToolNames: customProviderToolNames.size > 0 ? customProviderToolNames : void 0
		});
		warnings.push(...inputWarnings);
		const reasoningEffortUpdate = openaiOptions == null ? void 0 : openaiOptions.reasoningEffortUpdate;
		if (reasoningEffortUpdate != null && configurationUpdateUnsupportedReason != null) warnings.push({
			type: "unsupported",
			feature: "reasoningEffortUpdate",
			details: configurationUpdateUnsupportedReason
		});
		else if (reasoningEffortUpdate != null) {
			const firstItem = input[0];
			if ((firstItem == null ? void 0 : firstItem.type) !== "configuration_update" || ((_f = firstItem.reasoning) == null ? void 0 : _f.effort) !== reasoningEffortUpdate) input.unshift({
				type: "configuration_update",
				reasoning: { effort: reasoningEffortUpdate }
			});
		}
		for (let i = 1; i < input.length; i++) if (input[i - 1].type === "configuration_update" && input[i].type === "configuration_update") throw new UnsupportedFunctionalityError({
			functionality: "Adjacent configuration updates",
			message: "Configuration updates cannot be consecutive. Set reasoningEffortUpdate and textFormatUpdate in the same empty system message, and omit request-level reasoningEffortUpdate when using message-level updates."
		});
		const strictJsonSchema = (_g = openaiOptions == null ? void 0 : openaiOptions.strictJsonSchema) != null ? _g : true;
		const requestTextFormat = (openaiOptions == null ? void 0 : openaiOptions.textFormat) != null ? normalizeOpenAIResponsesTextFormat(openaiOptions.textFormat) : void 0;
		let include = openaiOptions == null ? void 0 : openaiOptions.include;
		function addInclude(key) {
			if (include == null) include = [key];
			else if (!include.includes(key)) include = [...include, key];
		}
		function getOpenAIToolName(id) {
			var _a3;
			return (_a3 = tools == null ? void 0 : tools.find((tool) => tool.type === "provider" && tool.id === id)) == null ? void 0 : _a3.name;
		}
		function hasOpenAITool(id) {
			return getOpenAIToolName(id) != null;
		}
		const topLogprobs = typeof (openaiOptions == null ? void 0 : openaiOptions.logprobs) === "number" ? openaiOptions == null ? void 0 : openaiOptions.logprobs : (openaiOptions == null ? void 0 : openaiOptions.logprobs) === true ? TOP_LOGPROBS_MAX : void 0;
		if (topLogprobs) addInclude("message.output_text.logprobs");
		const webSearchToolName = (_h = tools == null ? void 0 : tools.find((tool) => tool.type === "provider" && (tool.id === "openai.web_search" || tool.id === "openai.web_search_preview"))) == null ? void 0 : _h.name;
		if (webSearchToolName) addInclude("web_search_call.action.sources");
		if (hasOpenAITool("openai.code_interpreter")) addInclude("code_interpreter_call.outputs");
		const store = openaiOptions == null ? void 0 : openaiOptions.store;
		if (store === false && isReasoningModel) addInclude("reasoning.encrypted_content");
		const baseArgs = {
			model: this.modelId,
			input,
			temperature,
			top_p: topP,
			max_output_tokens: maxOutputTokens,
			...((responseFormat == null ? void 0 : responseFormat.type) === "json" || requestTextFormat != null || (openaiOptions == null ? void 0 : openaiOptions.textVerbosity)) && { text: {
				...requestTextFormat != null ? { format: requestTextFormat } : (responseFormat == null ? void 0 : responseFormat.type) === "json" && { format: responseFormat.schema != null ? {
					type: "json_schema",
					strict: strictJsonSchema,
					name: (_i = responseFormat.name) != null ? _i : "response",
					description: responseFormat.description,
					schema: normalizeOpenAIJsonSchema(responseFormat.schema)
				} : { type: "json_object" } },
				...(openaiOptions == null ? void 0 : openaiOptions.textVerbosity) && { verbosity: openaiOptions.textVerbosity }
			} },
			conversation: openaiOptions == null ? void 0 : openaiOptions.conversation,
			max_tool_calls: openaiOptions == null ? void 0 : openaiOptions.maxToolCalls,
			metadata: openaiOptions == null ? void 0 : openaiOptions.metadata,
			parallel_tool_calls: openaiOptions == null ? void 0 : openaiOptions.parallelToolCalls,
			previous_response_id: openaiOptions == null ? void 0 : openaiOptions.previousResponseId,
			store,
			user: openaiOptions == null ? void 0 : openaiOptions.user,
			instructions: openaiOptions == null ? void 0 : openaiOptions.instructions,
			service_tier: openaiOptions == null ? void 0 : openaiOptions.serviceTier,
			include,
			prompt_cache_key: openaiOptions == null ? void 0 : openaiOptions.promptCacheKey,
			prompt_cache_options: (openaiOptions == null ? void 0 : openaiOptions.promptCacheOptions) && {
				mode: openaiOptions.promptCacheOptions.mode,
				ttl: openaiOptions.promptCacheOptions.ttl,
				prewarm: openaiOptions.promptCacheOptions.prewarm,
				comparison_response_id: openaiOptions.promptCacheOptions.comparisonResponseId
			},
			prompt_cache_retention: openaiOptions == null ? void 0 : openaiOptions.promptCacheRetention,
			safety_identifier: openaiOptions == null ? void 0 : openaiOptions.safetyIdentifier,
			top_logprobs: topLogprobs,
			truncation: openaiOptions == null ? void 0 : openaiOptions.truncation,
			...isReasoningModel && (resolvedReasoningEffort != null || (openaiOptions == null ? void 0 : openaiOptions.reasoningSummary) != null || (openaiOptions == null ? void 0 : openaiOptions.reasoningMode) != null || (openaiOptions == null ? void 0 : openaiOptions.reasoningContext) != null) && { reasoning: {
				...resolvedReasoningEffort != null && { effort: resolvedReasoningEffort },
				...(openaiOptions == null ? void 0 : openaiOptions.reasoningSummary) != null && { summary: openaiOptions.reasoningSummary },
				...(openaiOptions == null ? void 0 : openaiOptions.reasoningMode) != null && { mode: openaiOptions.reasoningMode },
				...(openaiOptions == null ? void 0 : openaiOptions.reasoningContext) != null && { context: openaiOptions.reasoningContext }
			} }
		};
		if (modelCapabilities.supportsConfigurationUpdate && baseArgs.prompt_cache_retention != null) {
			baseArgs.prompt_cache_retention = void 0;
			warnings.push({
				type: "unsupported",
				feature: "promptCacheRetention",
				details: "promptCacheRetention is not supported by GPT-6 and later models; use promptCacheOptions instead"
			});
		}
		if (isReasoningModel) {
			if (!((openaiOptions == null ? void 0 : openaiOptions.reasoningEffort) === "none" && modelCapabilities.supportsNonReasoningParameters)) {
				if (baseArgs.temperature != null) {
					baseArgs.temperature = void 0;
					warnings.push({
						type: "unsupported",
						feature: "temperature",
						details: "temperature is not supported for reasoning models"
					});
				}
				if (baseArgs.top_p != null) {
					baseArgs.top_p = void 0;
					warnings.push({
						type: "unsupported",
						feature: "topP",
						details: "topP is not supported for reasoning models"
					});
				}
			}
			if (modelCapabilities.supportedReasoningEfforts != null && (baseArgs.top_logprobs != null || ((_j = baseArgs.include) == null ? void 0 : _j.includes("message.output_text.logprobs")))) {
				baseArgs.top_logprobs = void 0;
				const filteredInclude = (_k = baseArgs.include) == null ? void 0 : _k.filter((value) => value !== "message.output_text.logprobs");
				baseArgs.include = filteredInclude != null && filteredInclude.length > 0 ? filteredInclude : void 0;
				warnings.push({
					type: "unsupported",
					feature: "logprobs",
					details: "logprobs is not supported for reasoning models"
				});
			}
		} else {
			if ((openaiOptions == null ? void 0 : openaiOptions.reasoningEffort) != null) warnings.push({
				type: "unsupported",
				feature: "reasoningEffort",
				details: "reasoningEffort is not supported for non-reasoning models"
			});
			if ((openaiOptions == null ? void 0 : openaiOptions.reasoningSummary) != null) warnings.push({
				type: "unsupported",
				feature: "reasoningSummary",
				details: "reasoningSummary is not supported for non-reasoning models"
			});
			if ((openaiOptions == null ? void 0 : openaiOptions.reasoningMode) != null) warnings.push({
				type: "unsupported",
				feature: "reasoningMode",
				details: "reasoningMode is not supported for non-reasoning models"
			});
			if ((openaiOptions == null ? void 0 : openaiOptions.reasoningContext) != null) warnings.push({
				type: "unsupported",
				feature: "reasoningContext",
				details: "reasoningContext is not supported for non-reasoning models"
			});
		}
		if ((openaiOptions == null ? void 0 : openaiOptions.serviceTier) === "flex" && !modelCapabilities.supportsFlexProcessing) {
			warnings.push({
				type: "unsupported",
				feature: "serviceTier",
				details: "flex processing is only available for o3, o4-mini, and gpt-5 models"
			});
			delete baseArgs.service_tier;
		}
		if (((openaiOptions == null ? void 0 : openaiOptions.serviceTier) === "priority" || (openaiOptions == null ? void 0 : openaiOptions.serviceTier) === "fast") && !modelCapabilities.supportsPriorityProcessing) {
			warnings.push({
				type: "unsupported",
				feature: "serviceTier",
				details: "priority processing is only available for supported models (gpt-4, gpt-5, gpt-5-mini, o3, o4-mini) and requires Enterprise access. gpt-5-nano is not supported"
			});
			delete baseArgs.service_tier;
		}
		const shellToolEnvType = (_n = (_m = (_l = tools == null ? void 0 : tools.find((tool) => tool.type === "provider" && tool.id === "openai.shell")) == null ? void 0 : _l.args) == null ? void 0 : _m.environment) == null ? void 0 : _n.type;
		const isShellProviderExecuted = shellToolEnvType === "containerAuto" || shellToolEnvType === "containerReference";
		return {
			webSearchToolName,
			args: {
				...baseArgs,
				tools: openaiTools2,
				tool_choice: openaiToolChoice
			},
			warnings: [...warnings, ...toolWarnings],
			store,
			toolNameMapping,
			providerOptionsName,
			isShellProviderExecuted
		};
	}
	async doGenerate(options) {
		var _a2, _b, _c, _d, _e, _f, _g, _h, _i, _j, _k, _l, _m, _n, _o, _p, _q, _r, _s, _t, _u, _v, _w, _x, _y, _z, _A, _B, _C, _D, _E;
		const { args: body, warnings, webSearchToolName, toolNameMapping, providerOptionsName, isShellProviderExecuted } = await this.getArgs(options);
		const url = this.config.url({
			path: "/responses",
			modelId: this.modelId
		});
		const approvalRequestIdToDummyToolCallIdFromPrompt = extractApprovalRequestIdToToolCallIdMapping(options.prompt);
		const { responseHeaders, value: response, rawValue: rawResponse } = await postJsonToApi({
			url,
			headers: combineHeaders(this.config.headers(), options.headers),
			body,
			failedResponseHandler: openaiFailedResponseHandler,
			successfulResponseHandler: createJsonResponseHandler(openaiResponsesResponseSchema),
			abortSignal: options.abortSignal,
			fetch: this.config.fetch
		});
		if (response.error) throw new APICallError({
			message: response.error.message,
			url,
			requestBodyValues: body,
			statusCode: 400,
			responseHeaders,
			responseBody: rawResponse,
			isRetryable: false
		});
		const content = [];
		const logprobs = [];
		const functionTools = (_b = (_a2 = options.tools) == null ? void 0 : _a2.filter((tool) => tool.type === "function")) != null ? _b : [];
		let hasFunctionCall = false;
		const hostedToolSearchCallIds = [];
		let hasRefusal = false;
		for (const part of response.output) switch (part.type) {
			case "reasoning":
				if (part.summary.length === 0) part.summary.push({
					type: "summary_text",
					text: ""
				});
				for (const summary of part.summary) content.push({
					type: "reasoning",
					text: summary.text,
					providerMetadata: { [providerOptionsName]: {
						itemId: part.id,
						reasoningEncryptedContent: (_c = part.encrypted_content) != null ? _c : null
					} }
				});
				break;
			case "image_generation_call":
				content.push({
					type: "tool-call",
					toolCallId: part.id,
					toolName: toolNameMapping.toCustomToolName("image_generation"),
					input: "{}",
					providerExecuted: true
				});
				content.push({
					type: "tool-result",
					toolCallId: part.id,
					toolName: toolNameMapping.toCustomToolName("image_generation"),
					result: { result: part.result }
				});
				break;
			case "tool_search_call": {
				const toolCallId = (_d = part.call_id) != null ? _d : part.id;
				const isHosted = part.execution === "server";
				if (isHosted) hostedToolSearchCallIds.push(toolCallId);
				content.push({
					type: "tool-call",
					toolCallId,
					toolName: toolNameMapping.toCustomToolName("tool_search"),
					input: JSON.stringify({
						arguments: part.arguments,
						call_id: part.call_id
					}),
					...isHosted ? { providerExecuted: true } : {},
					providerMetadata: { [providerOptionsName]: { itemId: part.id } }
				});
				break;
			}
			case "tool_search_output": {
				const toolCallId = (_f = (_e = part.call_id) != null ? _e : hostedToolSearchCallIds.shift()) != null ? _f : part.id;
				content.push({
					type: "tool-result",
					toolCallId,
					toolName: toolNameMapping.toCustomToolName("tool_search"),
					result: { tools: part.tools },
					providerMetadata: { [providerOptionsName]: { itemId: part.id } }
				});
				break;
			}
			case "local_shell_call":
				content.push({
					type: "tool-call",
					toolCallId: part.call_id,
					toolName: toolNameMapping.toCustomToolName("local_shell"),
					input: JSON.stringify({ action: part.action }),
					providerMetadata: { [providerOptionsName]: { itemId: part.id } }
				});
				break;
			case "shell_call":
				content.push({
					type: "tool-call",
					toolCallId: part.call_id,
					toolName: toolNameMapping.toCustomToolName("shell"),
					input: JSON.stringify({ action: { commands: part.action.commands } }),
					...isShellProviderExecuted && { providerExecuted: true },
					providerMetadata: { [providerOptionsName]: { itemId: part.id } }
				});
				break;
			case "shell_call_output":
				content.push({
					type: "tool-result",
					toolCallId: part.call_id,
					toolName: toolNameMapping.toCustomToolName("shell"),
					result: { output: part.output.map((item) => ({
						stdout: item.stdout,
						stderr: item.stderr,
						outcome: item.outcome.type === "exit" ? {
							type: "exit",
							exitCode: item.outcome.exit_code
						} : { type: "timeout" }
					})) }
				});
				break;
			case "message":
				for (const contentPart of part.content) {
					if (contentPart.type === "refusal") {
						hasRefusal = true;
						content.push({
							type: "text",
							text: contentPart.refusal,
							providerMetadata: { [providerOptionsName]: {
								itemId: part.id,
								...part.phase != null && { phase: part.phase }
							} }
						});
						continue;
					}
					if (((_h = (_g = options.providerOptions) == null ? void 0 : _g[providerOptionsName]) == null ? void 0 : _h.logprobs) && contentPart.logprobs) logprobs.push(contentPart.logprobs);
					const providerMetadata2 = {
						itemId: part.id,
						...part.phase != null && { phase: part.phase },
						...contentPart.annotations.length > 0 && { annotations: contentPart.annotations }
					};
					content.push({
						type: "text",
						text: contentPart.text,
						providerMetadata: { [providerOptionsName]: providerMetadata2 }
					});
					for (const annotation of contentPart.annotations) if (annotation.type === "url_citation") content.push({
						type: "source",
						sourceType: "url",
						id: (_k = (_j = (_i = this.config).generateId) == null ? void 0 : _j.call(_i)) != null ? _k : generateId(),
						url: annotation.url,
						title: annotation.title
					});
					else if (annotation.type === "file_citation") content.push({
						type: "source",
						sourceType: "document",
						id: (_n = (_m = (_l = this.config).generateId) == null ? void 0 : _m.call(_l)) != null ? _n : generateId(),
						mediaType: "text/plain",
						title: annotation.filename,
						filename: annotation.filename,
						providerMetadata: { [providerOptionsName]: {
							type: annotation.type,
							fileId: annotation.file_id,
							index: annotation.index
						} }
					});
					else if (annotation.type === "container_file_citation") content.push({
						type: "source",
						sourceType: "document",
						id: (_q = (_p = (_o = this.config).generateId) == null ? void 0 : _p.call(_o)) != null ? _q : generateId(),
						mediaType: "text/plain",
						title: annotation.filename,
						filename: annotation.filename,
						providerMetadata: { [providerOptionsName]: {
							type: annotation.type,
							fileId: annotation.file_id,
							containerId: annotation.container_id
						} }
					});
					else if (annotation.type === "file_path") content.push({
						type: "source",
						sourceType: "document",
						id: (_t = (_s = (_r = this.config).generateId) == null ? void 0 : _s.call(_r)) != null ? _t : generateId(),
						mediaType: "application/octet-stream",
						title: annotation.file_id,
						filename: annotation.file_id,
						providerMetadata: { [providerOptionsName]: {
							type: annotation.type,
							fileId: annotation.file_id,
							index: annotation.index
						} }
					});
				}
				break;
			case "function_call": {
				hasFunctionCall = true;
				const expandedToolCalls = await expandParallelToolCall({
					toolCall: {
						toolCallId: part.call_id,
						toolName: part.name,
						input: part.arguments
					},
					tools: functionTools,
					providerOptionsName,
					itemId: part.id
				});
				if (expandedToolCalls != null) {
					content.push(...expandedToolCalls);
					break;
				}
				content.push({
					type: "tool-call",
					toolCallId: part.call_id,
					toolName: part.name,
					input: part.arguments,
					providerMetadata: { [providerOptionsName]: {
						itemId: part.id,
						...part.async != null && { async: part.async },
						...part.namespace != null && { namespace: part.namespace }
					} }
				});
				break;
			}
			case "custom_tool_call": {
				hasFunctionCall = true;
				const toolName = toolNameMapping.toCustomToolName(part.name);
				content.push({
					type: "tool-call",
					toolCallId: part.call_id,
					toolName,
					input: JSON.stringify(part.input),
					providerMetadata: { [providerOptionsName]: {
						itemId: part.id,
						...part.async != null && { async: part.async }
					} }
				});
				break;
			}
			case "web_search_call":
				content.push({
					type: "tool-call",
					toolCallId: part.id,
					toolName: toolNameMapping.toCustomToolName(webSearchToolName != null ? webSearchToolName : "web_search"),
					input: JSON.stringify({}),
					providerExecuted: true
				});
				content.push({
					type: "tool-result",
					toolCallId: part.id,
					toolName: toolNameMapping.toCustomToolName(webSearchToolName != null ? webSearchToolName : "web_search"),
					...mapWebSearchResult(part)
				});
				break;
			case "mcp_call": {
				const toolCallId = part.approval_request_id != null ? (_u = approvalRequestIdToDummyToolCallIdFromPrompt[part.approval_request_id]) != null ? _u : part.id : part.id;
				const toolName = `mcp.${part.name}`;
				content.push({
					type: "tool-call",
					toolCallId,
					toolName,
					input: part.arguments,
					providerExecuted: true,
					dynamic: true
				});
				content.push({
					type: "tool-result",
					toolCallId,
					toolName,
					result: {
						type: "call",
						serverLabel: part.server_label,
						name: part.name,
						arguments: part.arguments,
						...part.output != null ? { output: part.output } : {},
						...part.error != null ? { error: part.error } : {}
					},
					providerMetadata: { [providerOptionsName]: { itemId: part.id } }
				});
				break;
			}
			case "mcp_list_tools": break;
			case "mcp_approval_request": {
				const approvalRequestId = (_v = part.approval_request_id) != null ? _v : part.id;
				const dummyToolCallId = (_y = (_x = (_w = this.config).generateId) == null ? void 0 : _x.call(_w)) != null ? _y : generateId();
				const toolName = `mcp.${part.name}`;
				content.push({
					type: "tool-call",
					toolCallId: dummyToolCallId,
					toolName,
					input: part.arguments,
					providerExecuted: true,
					dynamic: true
				});
				content.push({
					type: "tool-approval-request",
					approvalId: approvalRequestId,
					toolCallId: dummyToolCallId
				});
				break;
			}
			case "computer_call":
				content.push({
					type: "tool-call",
					toolCallId: part.id,
					toolName: toolNameMapping.toCustomToolName("computer_use"),
					input: "",
					providerExecuted: true
				});
				content.push({
					type: "tool-result",
					toolCallId: part.id,
					toolName: toolNameMapping.toCustomToolName("computer_use"),
					result: {
						type: "computer_use_tool_result",
						status: part.status || "completed"
					}
				});
				break;
			case "file_search_call":
				content.push({
					type: "tool-call",
					toolCallId: part.id,
					toolName: toolNameMapping.toCustomToolName("file_search"),
					input: "{}",
					providerExecuted: true
				});
				content.push({
					type: "tool-result",
					toolCallId: part.id,
					toolName: toolNameMapping.toCustomToolName("file_search"),
					result: {
						queries: part.queries,
						results: (_A = (_z = part.results) == null ? void 0 : _z.map((result) => ({
							attributes: result.attributes,
							fileId: result.file_id,
							filename: result.filename,
							score: result.score,
							text: result.text
						}))) != null ? _A : null
					}
				});
				break;
			case "code_interpreter_call":
				content.push({
					type: "tool-call",
					toolCallId: part.id,
					toolName: toolNameMapping.toCustomToolName("code_interpreter"),
					input: JSON.stringify({
						code: part.code,
						containerId: part.container_id
					}),
					providerExecuted: true
				});
				content.push({
					type: "tool-result",
					toolCallId: part.id,
					toolName: toolNameMapping.toCustomToolName("code_interpreter"),
					result: { outputs: part.outputs }
				});
				break;
			case "apply_patch_call":
				hasFunctionCall = true;
				content.push({
					type: "tool-call",
					toolCallId: part.call_id,
					toolName: toolNameMapping.toCustomToolName("apply_patch"),
					input: JSON.stringify({
						callId: part.call_id,
						operation: part.operation
					}),
					providerMetadata: { [providerOptionsName]: { itemId: part.id } }
				});
		}
		const providerMetadata = { [providerOptionsName]: {
			responseId: response.id,
			...logprobs.length > 0 ? { logprobs } : {},
			...typeof response.service_tier === "string" ? { serviceTier: response.service_tier } : {},
			...response.prompt_cache_diagnostics != null ? { promptCacheDiagnostics: response.prompt_cache_diagnostics } : {},
			...((_B = response.reasoning) == null ? void 0 : _B.context) != null ? { reasoningContext: response.reasoning.context } : {}
		} };
		const usage = response.usage;
		return {
			content,
			finishReason: {
				unified: mapOpenAIResponseFinishReason({
					finishReason: (_C = response.incomplete_details) == null ? void 0 : _C.reason,
					hasFunctionCall,
					hasRefusal
				}),
				raw: (_E = (_D = response.incomplete_details) == null ? void 0 : _D.reason) != null ? _E : void 0
			},
			usage: convertOpenAIResponsesUsage(usage),
			request: { body },
			response: {
				id: response.id,
				timestamp: /* @__PURE__ */ new Date(response.created_at * 1e3),
				modelId: response.model,
				headers: responseHeaders,
				body: rawResponse
			},
			providerMetadata,
			warnings
		};
	}
	async doStream(options) {
		var _a2, _b;
		const { args: body, warnings, webSearchToolName, toolNameMapping, store, providerOptionsName, isShellProviderExecuted } = await this.getArgs(options);
		const url = this.config.url({
			path: "/responses",
			modelId: this.modelId
		});
		const { responseHeaders, value: response } = await postJsonToApi({
			url,
			headers: combineHeaders(this.config.headers(), options.headers),
			body: {
				...body,
				stream: true
			},
			failedResponseHandler: openaiFailedResponseHandler,
			successfulResponseHandler: createEventSourceResponseHandler(openaiResponsesChunkSchema),
			abortSignal: options.abortSignal,
			fetch: this.config.fetch
		});
		const checkedResponse = await throwIfOpenAIStreamErrorBeforeOutput({
			stream: response,
			getError: (chunk) => isErrorChunk(chunk) || isResponseFailedChunk(chunk) && chunk.response.error != null ? chunk : void 0,
			isOutputChunk: isResponseOutputChunk,
			url,
			requestBodyValues: body,
			responseHeaders
		});
		const self = this;
		const approvalRequestIdToDummyToolCallIdFromPrompt = extractApprovalRequestIdToToolCallIdMapping(options.prompt);
		const functionTools = (_b = (_a2 = options.tools) == null ? void 0 : _a2.filter((tool) => tool.type === "function")) != null ? _b : [];
		const approvalRequestIdToDummyToolCallIdFromStream = /* @__PURE__ */ new Map();
		let finishReason = {
			unified: "other",
			raw: void 0
		};
		let usage = void 0;
		const logprobs = [];
		let responseId = null;
		const ongoingToolCalls = {};
		const ongoingAnnotations = [];
		let activeMessagePhase;
		let hasFunctionCall = false;
		let hasRefusal = false;
		const activeReasoning = {};
		let serviceTier;
		let reasoningContext;
		let promptCacheDiagnostics;
		const hostedToolSearchCallIds = [];
		let encounteredStreamError = false;
		return {
			stream: checkedResponse.pipeThrough(new TransformStream({
				start(controller) {
					controller.enqueue({
						type: "stream-start",
						warnings
					});
				},
				transform(chunk, controller) {
					var _a3, _b2, _c, _d, _e, _f, _g, _h, _i, _j, _k, _l, _m, _n, _o, _p, _q, _r, _s, _t, _u, _v, _w, _x, _y, _z, _A, _B, _C, _D, _E, _F, _G, _H, _I, _J, _K, _L, _M, _N, _O, _P, _Q, _R, _S, _T, _U;
					if (options.includeRawChunks) controller.enqueue({
						type: "raw",
						rawValue: chunk.rawValue
					});
					if (!chunk.success) {
						const error = isOpenAIChatCompletionChunk(chunk.rawValue) ? createOpenAIResponsesChatCompletionsMismatchError({
							value: chunk.rawValue,
							cause: chunk.error,
							url,
							requestBodyValues: body,
							responseHeaders
						}) : chunk.error;
						encounteredStreamError = true;
						finishReason = {
							unified: "error",
							raw: void 0
						};
						controller.enqueue({
							type: "error",
							error
						});
						return;
					}
					const value = chunk.value;
					if (isResponseOutputItemAddedChunk(value)) {
						if (value.item.type === "function_call") {
							const suppressInputStreaming = isUndeclaredParallelToolCall({
								toolName: value.item.name,
								tools: functionTools
							});
							ongoingToolCalls[value.output_index] = {
								toolName: value.item.name,
								toolCallId: value.item.call_id,
								suppressInputStreaming,
								bufferedInputDeltas: suppressInputStreaming ? [] : void 0,
								async: value.item.async
							};
							if (!suppressInputStreaming) controller.enqueue({
								type: "tool-input-start",
								id: value.item.call_id,
								toolName: value.item.name
							});
						} else if (value.item.type === "custom_tool_call") {
							const toolName = toolNameMapping.toCustomToolName(value.item.name);
							ongoingToolCalls[value.output_index] = {
								toolName,
								toolCallId: value.item.call_id,
								async: value.item.async
							};
							controller.enqueue({
								type: "tool-input-start",
								id: value.item.call_id,
								toolName,
								inputEncoding: "text"
							});
						} else if (value.item.type === "web_search_call") {
							ongoingToolCalls[value.output_index] = {
								toolName: toolNameMapping.toCustomToolName(webSearchToolName != null ? webSearchToolName : "web_search"),
								toolCallId: value.item.id
							};
							controller.enqueue({
								type: "tool-input-start",
								id: value.item.id,
								toolName: toolNameMapping.toCustomToolName(webSearchToolName != null ? webSearchToolName : "web_search"),
								providerExecuted: true
							});
							controller.enqueue({
								type: "tool-input-end",
								id: value.item.id
							});
							controller.enqueue({
								type: "tool-call",
								toolCallId: value.item.id,
								toolName: toolNameMapping.toCustomToolName(webSearchToolName != null ? webSearchToolName : "web_search"),
								input: JSON.stringify({}),
								providerExecuted: true
							});
						} else if (value.item.type === "computer_call") {
							ongoingToolCalls[value.output_index] = {
								toolName: toolNameMapping.toCustomToolName("computer_use"),
								toolCallId: value.item.id
							};
							controller.enqueue({
								type: "tool-input-start",
								id: value.item.id,
								toolName: toolNameMapping.toCustomToolName("computer_use"),
								providerExecuted: true
							});
						} else if (value.item.type === "code_interpreter_call") {
							ongoingToolCalls[value.output_index] = {
								toolName: toolNameMapping.toCustomToolName("code_interpreter"),
								toolCallId: value.item.id,
								codeInterpreter: { containerId: value.item.container_id }
							};
							controller.enqueue({
								type: "tool-input-start",
								id: value.item.id,
								toolName: toolNameMapping.toCustomToolName("code_interpreter"),
								providerExecuted: true
							});
							controller.enqueue({
								type: "tool-input-delta",
								id: value.item.id,
								delta: `{"containerId":"${value.item.container_id}","code":"`
							});
						} else if (value.item.type === "file_search_call") controller.enqueue({
							type: "tool-call",
							toolCallId: value.item.id,
							toolName: toolNameMapping.toCustomToolName("file_search"),
							input: "{}",
							providerExecuted: true
						});
						else if (value.item.type === "image_generation_call") controller.enqueue({
							type: "tool-call",
							toolCallId: value.item.id,
							toolName: toolNameMapping.toCustomToolName("image_generation"),
							input: "{}",
							providerExecuted: true
						});
						else if (value.item.type === "tool_search_call") {
							const toolCallId = value.item.id;
							const toolName = toolNameMapping.toCustomToolName("tool_search");
							const isHosted = value.item.execution === "server";
							ongoingToolCalls[value.output_index] = {
								toolName,
								toolCallId,
								toolSearchExecution: (_a3 = value.item.execution) != null ? _a3 : "server"
							};
							if (isHosted) controller.enqueue({
								type: "tool-input-start",
								id: toolCallId,
								toolName,
								providerExecuted: true
							});
						} else if (value.item.type === "tool_search_output") {} else if (value.item.type === "mcp_call" || value.item.type === "mcp_list_tools" || value.item.type === "mcp_approval_request") {} else if (value.item.type === "apply_patch_call") {
							const { call_id: callId, operation } = value.item;
							ongoingToolCalls[value.output_index] = {
								toolName: toolNameMapping.toCustomToolName("apply_patch"),
								toolCallId: callId,
								applyPatch: {
									hasDiff: operation.type === "delete_file",
									endEmitted: operation.type === "delete_file"
								}
							};
							controller.enqueue({
								type: "tool-input-start",
								id: callId,
								toolName: toolNameMapping.toCustomToolName("apply_patch")
							});
							if (operation.type === "delete_file") {
								const inputString = JSON.stringify({
									callId,
									operation
								});
								controller.enqueue({
									type: "tool-input-delta",
									id: callId,
									delta: inputString
								});
								controller.enqueue({
									type: "tool-input-end",
									id: callId
								});
							} else controller.enqueue({
								type: "tool-input-delta",
								id: callId,
								delta: `{"callId":"${escapeJSONDelta(callId)}","operation":{"type":"${escapeJSONDelta(operation.type)}","path":"${escapeJSONDelta(operation.path)}","diff":"`
							});
						} else if (value.item.type === "shell_call") ongoingToolCalls[value.output_index] = {
							toolName: toolNameMapping.toCustomToolName("shell"),
							toolCallId: value.item.call_id
						};
						else if (value.item.type === "shell_call_output") {} else if (value.item.type === "message") {
							ongoingAnnotations.splice(0);
							activeMessagePhase = (_b2 = value.item.phase) != null ? _b2 : void 0;
							controller.enqueue({
								type: "text-start",
								id: value.item.id,
								providerMetadata: { [providerOptionsName]: {
									itemId: value.item.id,
									...value.item.phase != null && { phase: value.item.phase }
								} }
							});
						} else if (isResponseOutputItemAddedChunk(value) && value.item.type === "reasoning") {
							activeReasoning[value.item.id] = {
								encryptedContent: value.item.encrypted_content,
								summaryParts: { 0: "active" }
							};
							controller.enqueue({
								type: "reasoning-start",
								id: `${value.item.id}:0`,
								providerMetadata: { [providerOptionsName]: {
									itemId: value.item.id,
									reasoningEncryptedContent: (_c = value.item.encrypted_content) != null ? _c : null
								} }
							});
						}
					} else if (isResponseOutputItemDoneChunk(value)) {
						if (value.item.type === "message") {
							const phase = (_d = value.item.phase) != null ? _d : activeMessagePhase;
							activeMessagePhase = void 0;
							controller.enqueue({
								type: "text-end",
								id: value.item.id,
								providerMetadata: { [providerOptionsName]: {
									itemId: value.item.id,
									...phase != null && { phase },
									...ongoingAnnotations.length > 0 && { annotations: ongoingAnnotations }
								} }
							});
						} else if (value.item.type === "function_call") {
							const item = value.item;
							const ongoingToolCall = ongoingToolCalls[value.output_index];
							ongoingToolCalls[value.output_index] = void 0;
							hasFunctionCall = true;
							const suppressInputStreaming = (_e = ongoingToolCall == null ? void 0 : ongoingToolCall.suppressInputStreaming) != null ? _e : isUndeclaredParallelToolCall({
								toolName: item.name,
								tools: functionTools
							});
							const enqueueUnexpandedToolCall = () => {
								var _a4;
								if (suppressInputStreaming) {
									controller.enqueue({
										type: "tool-input-start",
										id: item.call_id,
										toolName: item.name
									});
									const bufferedInputDeltas = (_a4 = ongoingToolCall == null ? void 0 : ongoingToolCall.bufferedInputDeltas) != null ? _a4 : [];
									if (bufferedInputDeltas.length > 0) for (const delta of bufferedInputDeltas) controller.enqueue({
										type: "tool-input-delta",
										id: item.call_id,
										delta
									});
									else if (item.arguments.length > 0) controller.enqueue({
										type: "tool-input-delta",
										id: item.call_id,
										delta: item.arguments
									});
								}
								controller.enqueue({
									type: "tool-input-end",
									id: item.call_id,
									...item.namespace != null && { providerMetadata: { [providerOptionsName]: { namespace: item.namespace } } }
								});
								controller.enqueue({
									type: "tool-call",
									toolCallId: item.call_id,
									toolName: item.name,
									input: item.arguments,
									providerMetadata: { [providerOptionsName]: {
										itemId: item.id,
										...item.async != null ? { async: item.async } : (ongoingToolCall == null ? void 0 : ongoingToolCall.async) != null ? { async: ongoingToolCall.async } : {},
										...item.namespace != null && { namespace: item.namespace }
									} }
								});
							};
							if (!suppressInputStreaming) {
								enqueueUnexpandedToolCall();
								return;
							}
							return expandParallelToolCall({
								toolCall: {
									toolCallId: item.call_id,
									toolName: item.name,
									input: item.arguments
								},
								tools: functionTools,
								providerOptionsName,
								itemId: item.id
							}).then((expandedToolCalls) => {
								if (expandedToolCalls == null) {
									enqueueUnexpandedToolCall();
									return;
								}
								for (const toolCall of expandedToolCalls) {
									controller.enqueue({
										type: "tool-input-start",
										id: toolCall.toolCallId,
										toolName: toolCall.toolName
									});
									controller.enqueue({
										type: "tool-input-delta",
										id: toolCall.toolCallId,
										delta: toolCall.input
									});
									controller.enqueue({
										type: "tool-input-end",
										id: toolCall.toolCallId
									});
									controller.enqueue(toolCall);
								}
							});
						} else if (value.item.type === "custom_tool_call") {
							const ongoingToolCall = ongoingToolCalls[value.output_index];
							ongoingToolCalls[value.output_index] = void 0;
							hasFunctionCall = true;
							const toolName = toolNameMapping.toCustomToolName(value.item.name);
							controller.enqueue({
								type: "tool-input-end",
								id: value.item.call_id
							});
							controller.enqueue({
								type: "tool-call",
								toolCallId: value.item.call_id,
								toolName,
								input: JSON.stringify(value.item.input),
								providerMetadata: { [providerOptionsName]: {
									itemId: value.item.id,
									...value.item.async != null ? { async: value.item.async } : (ongoingToolCall == null ? void 0 : ongoingToolCall.async) != null ? { async: ongoingToolCall.async } : {}
								} }
							});
						} else if (value.item.type === "web_search_call") {
							ongoingToolCalls[value.output_index] = void 0;
							controller.enqueue({
								type: "tool-result",
								toolCallId: value.item.id,
								toolName: toolNameMapping.toCustomToolName(webSearchToolName != null ? webSearchToolName : "web_search"),
								...mapWebSearchResult(value.item)
							});
						} else if (value.item.type === "computer_call") {
							ongoingToolCalls[value.output_index] = void 0;
							controller.enqueue({
								type: "tool-input-end",
								id: value.item.id
							});
							controller.enqueue({
								type: "tool-call",
								toolCallId: value.item.id,
								toolName: toolNameMapping.toCustomToolName("computer_use"),
								input: "",
								providerExecuted: true
							});
							controller.enqueue({
								type: "tool-result",
								toolCallId: value.item.id,
								toolName: toolNameMapping.toCustomToolName("computer_use"),
								result: {
									type: "computer_use_tool_result",
									status: value.item.status || "completed"
								}
							});
						} else if (value.item.type === "file_search_call") {
							ongoingToolCalls[value.output_index] = void 0;
							controller.enqueue({
								type: "tool-result",
								toolCallId: value.item.id,
								toolName: toolNameMapping.toCustomToolName("file_search"),
								result: {
									queries: value.item.queries,
									results: (_g = (_f = value.item.results) == null ? void 0 : _f.map((result2) => ({
										attributes: result2.attributes,
										fileId: result2.file_id,
										filename: result2.filename,
										score: result2.score,
										text: result2.text
									}))) != null ? _g : null
								}
							});
						} else if (value.item.type === "code_interpreter_call") {
							ongoingToolCalls[value.output_index] = void 0;
							controller.enqueue({
								type: "tool-result",
								toolCallId: value.item.id,
								toolName: toolNameMapping.toCustomToolName("code_interpreter"),
								result: { outputs: value.item.outputs }
							});
						} else if (value.item.type === "image_generation_call") controller.enqueue({
							type: "tool-result",
							toolCallId: value.item.id,
							toolName: toolNameMapping.toCustomToolName("image_generation"),
							result: { result: value.item.result }
						});
						else if (value.item.type === "tool_search_call") {
							const toolCall = ongoingToolCalls[value.output_index];
							const isHosted = value.item.execution === "server";
							if (toolCall != null) {
								const toolCallId = isHosted ? toolCall.toolCallId : (_h = value.item.call_id) != null ? _h : value.item.id;
								if (isHosted) hostedToolSearchCallIds.push(toolCallId);
								else controller.enqueue({
									type: "tool-input-start",
									id: toolCallId,
									toolName: toolCall.toolName
								});
								controller.enqueue({
									type: "tool-input-end",
									id: toolCallId
								});
								controller.enqueue({
									type: "tool-call",
									toolCallId,
									toolName: toolCall.toolName,
									input: JSON.stringify({
										arguments: value.item.arguments,
										call_id: isHosted ? null : toolCallId
									}),
									...isHosted ? { providerExecuted: true } : {},
									providerMetadata: { [providerOptionsName]: { itemId: value.item.id } }
								});
							}
							ongoingToolCalls[value.output_index] = void 0;
						} else if (value.item.type === "tool_search_output") {
							const toolCallId = (_j = (_i = value.item.call_id) != null ? _i : hostedToolSearchCallIds.shift()) != null ? _j : value.item.id;
							controller.enqueue({
								type: "tool-result",
								toolCallId,
								toolName: toolNameMapping.toCustomToolName("tool_search"),
								result: { tools: value.item.tools },
								providerMetadata: { [providerOptionsName]: { itemId: value.item.id } }
							});
						} else if (value.item.type === "mcp_call") {
							ongoingToolCalls[value.output_index] = void 0;
							const approvalRequestId = (_k = value.item.approval_request_id) != null ? _k : void 0;
							const aliasedToolCallId = approvalRequestId != null ? (_m = (_l = approvalRequestIdToDummyToolCallIdFromStream.get(approvalRequestId)) != null ? _l : approvalRequestIdToDummyToolCallIdFromPrompt[approvalRequestId]) != null ? _m : value.item.id : value.item.id;
							const toolName = `mcp.${value.item.name}`;
							controller.enqueue({
								type: "tool-call",
								toolCallId: aliasedToolCallId,
								toolName,
								input: value.item.arguments,
								providerExecuted: true,
								dynamic: true
							});
							controller.enqueue({
								type: "tool-result",
								toolCallId: aliasedToolCallId,
								toolName,
								result: {
									type: "call",
									serverLabel: value.item.server_label,
									name: value.item.name,
									arguments: value.item.arguments,
									...value.item.output != null ? { output: value.item.output } : {},
									...value.item.error != null ? { error: value.item.error } : {}
								},
								providerMetadata: { [providerOptionsName]: { itemId: value.item.id } }
							});
						} else if (value.item.type === "mcp_list_tools") ongoingToolCalls[value.output_index] = void 0;
						else if (value.item.type === "apply_patch_call") {
							const toolCall = ongoingToolCalls[value.output_index];
							if ((toolCall == null ? void 0 : toolCall.applyPatch) && !toolCall.applyPatch.endEmitted && value.item.operation.type !== "delete_file") {
								if (!toolCall.applyPatch.hasDiff) controller.enqueue({
									type: "tool-input-delta",
									id: toolCall.toolCallId,
									delta: escapeJSONDelta(value.item.operation.diff)
								});
								controller.enqueue({
									type: "tool-input-delta",
									id: toolCall.toolCallId,
									delta: "\"}}"
								});
								controller.enqueue({
									type: "tool-input-end",
									id: toolCall.toolCallId
								});
								toolCall.applyPatch.endEmitted = true;
							}
							if (toolCall && value.item.status === "completed") {
								hasFunctionCall = true;
								controller.enqueue({
									type: "tool-call",
									toolCallId: toolCall.toolCallId,
									toolName: toolNameMapping.toCustomToolName("apply_patch"),
									input: JSON.stringify({
										callId: value.item.call_id,
										operation: value.item.operation
									}),
									providerMetadata: { [providerOptionsName]: { itemId: value.item.id } }
								});
							}
							ongoingToolCalls[value.output_index] = void 0;
						} else if (value.item.type === "mcp_approval_request") {
							ongoingToolCalls[value.output_index] = void 0;
							const dummyToolCallId = (_p = (_o = (_n = self.config).generateId) == null ? void 0 : _o.call(_n)) != null ? _p : generateId();
							const approvalRequestId = (_q = value.item.approval_request_id) != null ? _q : value.item.id;
							approvalRequestIdToDummyToolCallIdFromStream.set(approvalRequestId, dummyToolCallId);
							const toolName = `mcp.${value.item.name}`;
							controller.enqueue({
								type: "tool-call",
								toolCallId: dummyToolCallId,
								toolName,
								input: value.item.arguments,
								providerExecuted: true,
								dynamic: true
							});
							controller.enqueue({
								type: "tool-approval-request",
								approvalId: approvalRequestId,
								toolCallId: dummyToolCallId
							});
						} else if (value.item.type === "local_shell_call") {
							ongoingToolCalls[value.output_index] = void 0;
							controller.enqueue({
								type: "tool-call",
								toolCallId: value.item.call_id,
								toolName: toolNameMapping.toCustomToolName("local_shell"),
								input: JSON.stringify({ action: {
									type: "exec",
									command: value.item.action.command,
									timeoutMs: value.item.action.timeout_ms,
									user: value.item.action.user,
									workingDirectory: value.item.action.working_directory,
									env: value.item.action.env
								} }),
								providerMetadata: { [providerOptionsName]: { itemId: value.item.id } }
							});
						} else if (value.item.type === "shell_call") {
							ongoingToolCalls[value.output_index] = void 0;
							controller.enqueue({
								type: "tool-call",
								toolCallId: value.item.call_id,
								toolName: toolNameMapping.toCustomToolName("shell"),
								input: JSON.stringify({ action: { commands: value.item.action.commands } }),
								...isShellProviderExecuted && { providerExecuted: true },
								providerMetadata: { [providerOptionsName]: { itemId: value.item.id } }
							});
						} else if (value.item.type === "shell_call_output") controller.enqueue({
							type: "tool-result",
							toolCallId: value.item.call_id,
							toolName: toolNameMapping.toCustomToolName("shell"),
							result: { output: value.item.output.map((item) => ({
								stdout: item.stdout,
								stderr: item.stderr,
								outcome: item.outcome.type === "exit" ? {
									type: "exit",
									exitCode: item.outcome.exit_code
								} : { type: "timeout" }
							})) }
						});
						else if (value.item.type === "reasoning") {
							const activeReasoningPart = activeReasoning[value.item.id];
							const summaryPartIndices = Object.entries(activeReasoningPart.summaryParts).filter(([_, status]) => status === "active" || status === "can-conclude").map(([summaryIndex]) => summaryIndex);
							for (const summaryIndex of summaryPartIndices) controller.enqueue({
								type: "reasoning-end",
								id: `${value.item.id}:${summaryIndex}`,
								providerMetadata: { [providerOptionsName]: {
									itemId: value.item.id,
									reasoningEncryptedContent: (_r = value.item.encrypted_content) != null ? _r : null
								} }
							});
							delete activeReasoning[value.item.id];
						}
					} else if (isResponseFunctionCallArgumentsDeltaChunk(value)) {
						const toolCall = ongoingToolCalls[value.output_index];
						if (toolCall != null) {
							if (toolCall.suppressInputStreaming) (_s = toolCall.bufferedInputDeltas) == null || _s.push(value.delta);
							else controller.enqueue({
								type: "tool-input-delta",
								id: toolCall.toolCallId,
								delta: value.delta
							});
						}
					} else if (isResponseCustomToolCallInputDeltaChunk(value)) {
						const toolCall = ongoingToolCalls[value.output_index];
						if (toolCall != null) controller.enqueue({
							type: "tool-input-delta",
							id: toolCall.toolCallId,
							delta: value.delta
						});
					} else if (isResponseApplyPatchCallOperationDiffDeltaChunk(value)) {
						const toolCall = ongoingToolCalls[value.output_index];
						if (toolCall == null ? void 0 : toolCall.applyPatch) {
							controller.enqueue({
								type: "tool-input-delta",
								id: toolCall.toolCallId,
								delta: escapeJSONDelta(value.delta)
							});
							toolCall.applyPatch.hasDiff = true;
						}
					} else if (isResponseApplyPatchCallOperationDiffDoneChunk(value)) {
						const toolCall = ongoingToolCalls[value.output_index];
						if ((toolCall == null ? void 0 : toolCall.applyPatch) && !toolCall.applyPatch.endEmitted) {
							if (!toolCall.applyPatch.hasDiff) {
								controller.enqueue({
									type: "tool-input-delta",
									id: toolCall.toolCallId,
									delta: escapeJSONDelta(value.diff)
								});
								toolCall.applyPatch.hasDiff = true;
							}
							controller.enqueue({
								type: "tool-input-delta",
								id: toolCall.toolCallId,
								delta: "\"}}"
							});
							controller.enqueue({
								type: "tool-input-end",
								id: toolCall.toolCallId
							});
							toolCall.applyPatch.endEmitted = true;
						}
					} else if (isResponseImageGenerationCallPartialImageChunk(value)) controller.enqueue({
						type: "tool-result",
						toolCallId: value.item_id,
						toolName: toolNameMapping.toCustomToolName("image_generation"),
						result: { result: value.partial_image_b64 },
						preliminary: true
					});
					else if (isResponseCodeInterpreterCallCodeDeltaChunk(value)) {
						const toolCall = ongoingToolCalls[value.output_index];
						if (toolCall != null) controller.enqueue({
							type: "tool-input-delta",
							id: toolCall.toolCallId,
							delta: escapeJSONDelta(value.delta)
						});
					} else if (isResponseCodeInterpreterCallCodeDoneChunk(value)) {
						const toolCall = ongoingToolCalls[value.output_index];
						if (toolCall != null) {
							controller.enqueue({
								type: "tool-input-delta",
								id: toolCall.toolCallId,
								delta: "\"}"
							});
							controller.enqueue({
								type: "tool-input-end",
								id: toolCall.toolCallId
							});
							controller.enqueue({
								type: "tool-call",
								toolCallId: toolCall.toolCallId,
								toolName: toolNameMapping.toCustomToolName("code_interpreter"),
								input: JSON.stringify({
									code: value.code,
									containerId: toolCall.codeInterpreter.containerId
								}),
								providerExecuted: true
							});
						}
					} else if (isResponseCreatedChunk(value)) {
						responseId = value.response.id;
						controller.enqueue({
							type: "response-metadata",
							id: value.response.id,
							timestamp: /* @__PURE__ */ new Date(value.response.created_at * 1e3),
							modelId: value.response.model
						});
					} else if (isTextDeltaChunk(value)) {
						controller.enqueue({
							type: "text-delta",
							id: value.item_id,
							delta: value.delta
						});
						if (((_u = (_t = options.providerOptions) == null ? void 0 : _t[providerOptionsName]) == null ? void 0 : _u.logprobs) && value.logprobs) logprobs.push(value.logprobs);
					} else if (isRefusalDeltaChunk(value)) {
						hasRefusal = true;
						controller.enqueue({
							type: "text-delta",
							id: value.item_id,
							delta: value.delta
						});
					} else if (isRefusalDoneChunk(value)) hasRefusal = true;
					else if (value.type === "response.reasoning_summary_part.added") {
						if (value.summary_index > 0) {
							const activeReasoningPart = activeReasoning[value.item_id];
							activeReasoningPart.summaryParts[value.summary_index] = "active";
							for (const summaryIndex of Object.keys(activeReasoningPart.summaryParts)) if (activeReasoningPart.summaryParts[summaryIndex] === "can-conclude") {
								controller.enqueue({
									type: "reasoning-end",
									id: `${value.item_id}:${summaryIndex}`,
									providerMetadata: { [providerOptionsName]: { itemId: value.item_id } }
								});
								activeReasoningPart.summaryParts[summaryIndex] = "concluded";
							}
							controller.enqueue({
								type: "reasoning-start",
								id: `${value.item_id}:${value.summary_index}`,
								providerMetadata: { [providerOptionsName]: {
									itemId: value.item_id,
									reasoningEncryptedContent: (_w = (_v = activeReasoning[value.item_id]) == null ? void 0 : _v.encryptedContent) != null ? _w : null
								} }
							});
						}
					} else if (value.type === "response.reasoning_summary_text.delta") controller.enqueue({
						type: "reasoning-delta",
						id: `${value.item_id}:${value.summary_index}`,
						delta: value.delta,
						providerMetadata: { [providerOptionsName]: { itemId: value.item_id } }
					});
					else if (value.type === "response.reasoning_summary_part.done") {
						if (store) {
							controller.enqueue({
								type: "reasoning-end",
								id: `${value.item_id}:${value.summary_index}`,
								providerMetadata: { [providerOptionsName]: { itemId: value.item_id } }
							});
							activeReasoning[value.item_id].summaryParts[value.summary_index] = "concluded";
						} else activeReasoning[value.item_id].summaryParts[value.summary_index] = "can-conclude";
					} else if (isResponseFinishedChunk(value)) {
						promptCacheDiagnostics = (_x = value.response.prompt_cache_diagnostics) != null ? _x : void 0;
						if (!encounteredStreamError) finishReason = {
							unified: mapOpenAIResponseFinishReason({
								finishReason: (_y = value.response.incomplete_details) == null ? void 0 : _y.reason,
								hasFunctionCall,
								hasRefusal
							}),
							raw: (_A = (_z = value.response.incomplete_details) == null ? void 0 : _z.reason) != null ? _A : void 0
						};
						usage = (_B = value.response.usage) != null ? _B : void 0;
						if (typeof value.response.service_tier === "string") serviceTier = value.response.service_tier;
						if (((_C = value.response.reasoning) == null ? void 0 : _C.context) != null) reasoningContext = value.response.reasoning.context;
					} else if (isResponseFailedChunk(value)) {
						promptCacheDiagnostics = (_D = value.response.prompt_cache_diagnostics) != null ? _D : void 0;
						const incompleteReason = (_E = value.response.incomplete_details) == null ? void 0 : _E.reason;
						finishReason = {
							unified: incompleteReason ? mapOpenAIResponseFinishReason({
								finishReason: incompleteReason,
								hasFunctionCall
							}) : "error",
							raw: incompleteReason != null ? incompleteReason : "error"
						};
						usage = (_F = value.response.usage) != null ? _F : void 0;
						if (((_G = value.response.reasoning) == null ? void 0 : _G.context) != null) reasoningContext = value.response.reasoning.context;
						if (!encounteredStreamError && value.response.error != null) {
							encounteredStreamError = true;
							const error = {
								type: "response.failed",
								sequence_number: value.sequence_number,
								response: {
									error: value.response.error,
									incomplete_details: value.response.incomplete_details,
									service_tier: value.response.service_tier
								}
							};
							controller.enqueue({
								type: "error",
								error: (_H = createOpenAIProviderStreamError(error)) != null ? _H : error
							});
						}
					} else if (isResponseAnnotationAddedChunk(value)) {
						ongoingAnnotations.push(value.annotation);
						if (value.annotation.type === "url_citation") controller.enqueue({
							type: "source",
							sourceType: "url",
							id: (_K = (_J = (_I = self.config).generateId) == null ? void 0 : _J.call(_I)) != null ? _K : generateId(),
							url: value.annotation.url,
							title: value.annotation.title
						});
						else if (value.annotation.type === "file_citation") controller.enqueue({
							type: "source",
							sourceType: "document",
							id: (_N = (_M = (_L = self.config).generateId) == null ? void 0 : _M.call(_L)) != null ? _N : generateId(),
							mediaType: "text/plain",
							title: value.annotation.filename,
							filename: value.annotation.filename,
							providerMetadata: { [providerOptionsName]: {
								type: value.annotation.type,
								fileId: value.annotation.file_id,
								index: value.annotation.index
							} }
						});
						else if (value.annotation.type === "container_file_citation") controller.enqueue({
							type: "source",
							sourceType: "document",
							id: (_Q = (_P = (_O = self.config).generateId) == null ? void 0 : _P.call(_O)) != null ? _Q : generateId(),
							mediaType: "text/plain",
							title: value.annotation.filename,
							filename: value.annotation.filename,
							providerMetadata: { [providerOptionsName]: {
								type: value.annotation.type,
								fileId: value.annotation.file_id,
								containerId: value.annotation.container_id
							} }
						});
						else if (value.annotation.type === "file_path") controller.enqueue({
							type: "source",
							sourceType: "document",
							id: (_T = (_S = (_R = self.config).generateId) == null ? void 0 : _S.call(_R)) != null ? _T : generateId(),
							mediaType: "application/octet-stream",
							title: value.annotation.file_id,
							filename: value.annotation.file_id,
							providerMetadata: { [providerOptionsName]: {
								type: value.annotation.type,
								fileId: value.annotation.file_id,
								index: value.annotation.index
							} }
						});
					} else if (isErrorChunk(value)) {
						encounteredStreamError = true;
						finishReason = {
							unified: "error",
							raw: "error"
						};
						controller.enqueue({
							type: "error",
							error: (_U = createOpenAIProviderStreamError(value)) != null ? _U : value
						});
					}
				},
				flush(controller) {
					var _a3;
					for (const toolCall of Object.values(ongoingToolCalls)) {
						if (!(toolCall == null ? void 0 : toolCall.suppressInputStreaming)) continue;
						controller.enqueue({
							type: "tool-input-start",
							id: toolCall.toolCallId,
							toolName: toolCall.toolName
						});
						for (const delta of (_a3 = toolCall.bufferedInputDeltas) != null ? _a3 : []) controller.enqueue({
							type: "tool-input-delta",
							id: toolCall.toolCallId,
							delta
						});
					}
					const providerMetadata = { [providerOptionsName]: {
						responseId,
						...logprobs.length > 0 ? { logprobs } : {},
						...serviceTier !== void 0 ? { serviceTier } : {},
						...reasoningContext !== void 0 ? { reasoningContext } : {},
						...promptCacheDiagnostics !== void 0 ? { promptCacheDiagnostics } : {}
					} };
					controller.enqueue({
						type: "finish",
						finishReason,
						usage: convertOpenAIResponsesUsage(usage),
						providerMetadata
					});
				}
			})),
			request: { body },
			response: { headers: responseHeaders }
		};
	}
};
function isTextDeltaChunk(chunk) {
	return chunk.type === "response.output_text.delta";
}
function isRefusalDeltaChunk(chunk) {
	return chunk.type === "response.refusal.delta";
}
function isRefusalDoneChunk(chunk) {
	return chunk.type === "response.refusal.done";
}
function isOpenAIChatCompletionChunk(value) {
	const chunk = asRecord2(value);
	return chunk != null && Array.isArray(chunk.choices) && typeof chunk.type !== "string";
}
function createOpenAIResponsesChatCompletionsMismatchError({ value, cause, url, requestBodyValues, responseHeaders }) {
	return new APICallError({
		message: "Received a Chat Completions stream while using the OpenAI Responses API. The default OpenAI provider model uses the Responses API. If your custom baseURL targets a Chat Completions-compatible endpoint, use openai.chat('model-id') or createOpenAI(...).chat('model-id') instead. You can also use @ai-sdk/openai-compatible for OpenAI-compatible providers.",
		url,
		requestBodyValues,
		responseHeaders,
		responseBody: JSON.stringify(value),
		cause,
		data: value,
		isRetryable: false
	});
}
function asRecord2(value) {
	return typeof value === "object" && value != null ? value : void 0;
}
function isResponseOutputItemDoneChunk(chunk) {
	return chunk.type === "response.output_item.done";
}
function isResponseFinishedChunk(chunk) {
	return chunk.type === "response.completed" || chunk.type === "response.incomplete";
}
function isResponseFailedChunk(chunk) {
	return chunk.type === "response.failed";
}
function isResponseCreatedChunk(chunk) {
	return chunk.type === "response.created";
}
function isResponseFunctionCallArgumentsDeltaChunk(chunk) {
	return chunk.type === "response.function_call_arguments.delta";
}
function isResponseCustomToolCallInputDeltaChunk(chunk) {
	return chunk.type === "response.custom_tool_call_input.delta";
}
function isResponseImageGenerationCallPartialImageChunk(chunk) {
	return chunk.type === "response.image_generation_call.partial_image";
}
function isResponseCodeInterpreterCallCodeDeltaChunk(chunk) {
	return chunk.type === "response.code_interpreter_call_code.delta";
}
function isResponseCodeInterpreterCallCodeDoneChunk(chunk) {
	return chunk.type === "response.code_interpreter_call_code.done";
}
function isResponseApplyPatchCallOperationDiffDeltaChunk(chunk) {
	return chunk.type === "response.apply_patch_call_operation_diff.delta";
}
function isResponseApplyPatchCallOperationDiffDoneChunk(chunk) {
	return chunk.type === "response.apply_patch_call_operation_diff.done";
}
function isResponseOutputItemAddedChunk(chunk) {
	return chunk.type === "response.output_item.added";
}
function isResponseAnnotationAddedChunk(chunk) {
	return chunk.type === "response.output_text.annotation.added";
}
function isErrorChunk(chunk) {
	return chunk.type === "error";
}
function isResponseOutputChunk(chunk) {
	return !(chunk.type === "response.created" || chunk.type === "response.failed" || chunk.type === "error" || chunk.type === "unknown_chunk");
}
function mapWebSearchResult({ action, status }) {
	return status === "completed" ? { result: mapWebSearchOutput(action) } : {
		isError: true,
		result: { status }
	};
}
function mapWebSearchOutput(action) {
	var _a2;
	if (action == null) return {};
	switch (action.type) {
		case "search": return {
			action: {
				type: "search",
				query: (_a2 = action.query) != null ? _a2 : void 0,
				...action.queries != null && { queries: action.queries }
			},
			...action.sources != null && { sources: action.sources }
		};
		case "open_page": return { action: {
			type: "openPage",
			url: action.url
		} };
		case "find_in_page": return { action: {
			type: "findInPage",
			url: action.url,
			pattern: action.pattern
		} };
	}
}
function escapeJSONDelta(delta) {
	return JSON.stringify(delta).slice(1, -1);
}
var openaiSpeechModelOptionsSchema = lazySchema(() => zodSchema(object({
	instructions: string().nullish(),
	speed: number().min(.25).max(4).default(1).nullish()
})));
var OpenAISpeechModel = class {
	constructor(modelId, config) {
		this.modelId = modelId;
		this.config = config;
		this.specificationVersion = "v3";
	}
	get provider() {
		return this.config.provider;
	}
	async getArgs({ text, voice = "alloy", outputFormat = "mp3", speed, instructions, language, providerOptions }) {
		const warnings = [];
		const openAIOptions = await parseProviderOptions({
			provider: "openai",
			providerOptions,
			schema: openaiSpeechModelOptionsSchema
		});
		const requestBody = {
			model: this.modelId,
			input: text,
			voice,
			response_format: "mp3",
			speed,
			instructions
		};
		if (outputFormat) {
			if ([
				"mp3",
				"opus",
				"aac",
				"flac",
				"wav",
				"pcm"
			].includes(outputFormat)) requestBody.response_format = outputFormat;
			else warnings.push({
				type: "unsupported",
				feature: "outputFormat",
				details: `Unsupported output format: ${outputFormat}. Using mp3 instead.`
			});
		}
		if (openAIOptions) {
			const speechModelOptions = {};
			for (const key in speechModelOptions) {
				const value = speechModelOptions[key];
				if (value !== void 0) requestBody[key] = value;
			}
		}
		if (language) warnings.push({
			type: "unsupported",
			feature: "language",
			details: `OpenAI speech models do not support language selection. Language parameter "${language}" was ignored.`
		});
		return {
			requestBody,
			warnings
		};
	}
	async doGenerate(options) {
		var _a2, _b, _c;
		const currentDate = (_c = (_b = (_a2 = this.config._internal) == null ? void 0 : _a2.currentDate) == null ? void 0 : _b.call(_a2)) != null ? _c : /* @__PURE__ */ new Date();
		const { requestBody, warnings } = await this.getArgs(options);
		const { value: audio, responseHeaders, rawValue: rawResponse } = await postJsonToApi({
			url: this.config.url({
				path: "/audio/speech",
				modelId: this.modelId
			}),
			headers: combineHeaders(this.config.headers(), options.headers),
			body: requestBody,
			failedResponseHandler: openaiFailedResponseHandler,
			successfulResponseHandler: createBinaryResponseHandler(),
			abortSignal: options.abortSignal,
			fetch: this.config.fetch
		});
		return {
			audio,
			warnings,
			request: { body: JSON.stringify(requestBody) },
			response: {
				timestamp: currentDate,
				modelId: this.modelId,
				headers: responseHeaders,
				body: rawResponse
			}
		};
	}
};
var openaiTranscriptionResponseSchema = lazySchema(() => zodSchema(object({
	text: string(),
	language: string().nullish(),
	duration: number().nullish(),
	words: array(object({
		word: string(),
		start: number(),
		end: number()
	})).nullish(),
	segments: array(object({
		id: number(),
		seek: number(),
		start: number(),
		end: number(),
		text: string(),
		tokens: array(number()),
		temperature: number(),
		avg_logprob: number(),
		compression_ratio: number(),
		no_speech_prob: number()
	})).nullish(),
	usage: object({
		type: string().nullish(),
		seconds: number().nullish()
	}).nullish().catch(void 0)
})));
var openAITranscriptionModelOptions = lazySchema(() => zodSchema(object({
	/**
	* Additional information to include in the transcription response.
	*/
	include: array(string()).optional(),
	/**
	* The language of the input audio in ISO-639-1 format.
	*/
	language: string().optional(),
	/**
	* Expected languages for REST transcription, e.g. with gpt-transcribe.
	* Use this instead of language. The API validates model support.
	*/
	languages: array(string()).optional(),
	/**
	* Vocabulary hints for REST transcription, e.g. names or technical terms.
	* The API validates model support.
	*/
	keywords: array(string()).optional(),
	/**
	* An optional text to guide the model's style or continue a previous audio segment.
	*/
	prompt: string().optional(),
	/**
	* The sampling temperature, between 0 and 1.
	* @default 0
	*/
	temperature: number().min(0).max(1).default(0).optional(),
	/**
	* The timestamp granularities to populate for this transcription.
	* @default ['segment']
	*/
	timestampGranularities: array(_enum(["word", "segment"])).default(["segment"]).optional()
})));
var languageMap = {
	afrikaans: "af",
	arabic: "ar",
	armenian: "hy",
	azerbaijani: "az",
	belarusian: "be",
	bosnian: "bs",
	bulgarian: "bg",
	catalan: "ca",
	chinese: "zh",
	croatian: "hr",
	czech: "cs",
	danish: "da",
	dutch: "nl",
	english: "en",
	estonian: "et",
	finnish: "fi",
	french: "fr",
	galician: "gl",
	german: "de",
	greek: "el",
	hebrew: "he",
	hindi: "hi",
	hungarian: "hu",
	icelandic: "is",
	indonesian: "id",
	italian: "it",
	japanese: "ja",
	kannada: "kn",
	kazakh: "kk",
	korean: "ko",
	latvian: "lv",
	lithuanian: "lt",
	macedonian: "mk",
	malay: "ms",
	marathi: "mr",
	maori: "mi",
	nepali: "ne",
	norwegian: "no",
	persian: "fa",
	polish: "pl",
	portuguese: "pt",
	romanian: "ro",
	russian: "ru",
	serbian: "sr",
	slovak: "sk",
	slovenian: "sl",
	spanish: "es",
	swahili: "sw",
	swedish: "sv",
	tagalog: "tl",
	tamil: "ta",
	thai: "th",
	turkish: "tr",
	ukrainian: "uk",
	urdu: "ur",
	vietnamese: "vi",
	welsh: "cy"
};
var OpenAITranscriptionModel = class {
	constructor(modelId, config) {
		this.modelId = modelId;
		this.config = config;
		this.specificationVersion = "v3";
	}
	get provider() {
		return this.config.provider;
	}
	async getArgs({ audio, mediaType, providerOptions }) {
		const warnings = [];
		const openAIOptions = await parseProviderOptions({
			provider: "openai",
			providerOptions,
			schema: openAITranscriptionModelOptions
		});
		const formData = new FormData();
		const blob = audio instanceof Uint8Array ? new Blob([audio]) : new Blob([convertBase64ToUint8Array(audio)]);
		formData.append("model", this.modelId);
		const fileExtension = mediaTypeToExtension(mediaType);
		formData.append("file", new File([blob], "audio", { type: mediaType }), `audio.${fileExtension}`);
		if (openAIOptions) {
			const transcriptionModelOptions = {
				include: openAIOptions.include,
				language: openAIOptions.language,
				languages: openAIOptions.languages,
				keywords: openAIOptions.keywords,
				prompt: openAIOptions.prompt,
				response_format: ["gpt-4o-transcribe", "gpt-4o-mini-transcribe"].includes(this.modelId) || this.modelId.startsWith("gpt-4o-mini-transcribe-") || this.modelId === "gpt-transcribe" || this.modelId.startsWith("gpt-transcribe-") ? "json" : "verbose_json",
				temperature: openAIOptions.temperature,
				timestamp_granularities: openAIOptions.timestampGranularities
			};
			for (const [key, value] of Object.entries(transcriptionModelOptions)) if (value != null) {
				if (Array.isArray(value)) for (const item of value) formData.append(`${key}[]`, String(item));
				else formData.append(key, String(value));
			}
		}
		return {
			formData,
			warnings
		};
	}
	async doGenerate(options) {
		var _a2, _b, _c, _d, _e, _f, _g, _h, _i, _j;
		const currentDate = (_c = (_b = (_a2 = this.config._internal) == null ? void 0 : _a2.currentDate) == null ? void 0 : _b.call(_a2)) != null ? _c : /* @__PURE__ */ new Date();
		const { formData, warnings } = await this.getArgs(options);
		const { value: response, responseHeaders, rawValue: rawResponse } = await postFormDataToApi({
			url: this.config.url({
				path: "/audio/transcriptions",
				modelId: this.modelId
			}),
			headers: combineHeaders(this.config.headers(), options.headers),
			formData,
			failedResponseHandler: openaiFailedResponseHandler,
			successfulResponseHandler: createJsonResponseHandler(openaiTranscriptionResponseSchema),
			abortSignal: options.abortSignal,
			fetch: this.config.fetch
		});
		const language = response.language != null && response.language in languageMap ? languageMap[response.language] : void 0;
		return {
			text: response.text,
			segments: (_g = (_f = (_d = response.segments) == null ? void 0 : _d.map((segment) => ({
				text: segment.text,
				startSecond: segment.start,
				endSecond: segment.end
			}))) != null ? _f : (_e = response.words) == null ? void 0 : _e.map((word) => ({
				text: word.word,
				startSecond: word.start,
				endSecond: word.end
			}))) != null ? _g : [],
			language,
			durationInSeconds: (_j = response.duration) != null ? _j : ((_h = response.usage) == null ? void 0 : _h.type) === "duration" ? (_i = response.usage.seconds) != null ? _i : void 0 : void 0,
			warnings,
			response: {
				timestamp: currentDate,
				modelId: this.modelId,
				headers: responseHeaders,
				body: rawResponse
			}
		};
	}
};
var VERSION = "3.0.141";
function createOpenAI(options = {}) {
	var _a2, _b;
	const baseURL = (_a2 = withoutTrailingSlash(loadOptionalSetting({
		settingValue: options.baseURL,
		environmentVariableName: "OPENAI_BASE_URL"
	}))) != null ? _a2 : "https://api.openai.com/v1";
	const providerName = (_b = options.name) != null ? _b : "openai";
	const getHeaders = () => withUserAgentSuffix({
		Authorization: `Bearer ${loadApiKey({
			apiKey: options.apiKey,
			environmentVariableName: "OPENAI_API_KEY",
			description: "OpenAI"
		})}`,
		"OpenAI-Organization": options.organization,
		"OpenAI-Project": options.project,
		...options.headers
	}, `ai-sdk/openai/${VERSION}`);
	const createChatModel = (modelId) => new OpenAIChatLanguageModel(modelId, {
		provider: `${providerName}.chat`,
		url: ({ path }) => `${baseURL}${path}`,
		headers: getHeaders,
		fetch: options.fetch
	});
	const createCompletionModel = (modelId) => new OpenAICompletionLanguageModel(modelId, {
		provider: `${providerName}.completion`,
		url: ({ path }) => `${baseURL}${path}`,
		headers: getHeaders,
		fetch: options.fetch
	});
	const createEmbeddingModel = (modelId) => new OpenAIEmbeddingModel(modelId, {
		provider: `${providerName}.embedding`,
		url: ({ path }) => `${baseURL}${path}`,
		headers: getHeaders,
		fetch: options.fetch
	});
	const createImageModel = (modelId) => new OpenAIImageModel(modelId, {
		provider: `${providerName}.image`,
		url: ({ path }) => `${baseURL}${path}`,
		headers: getHeaders,
		fetch: options.fetch
	});
	const createTranscriptionModel = (modelId) => new OpenAITranscriptionModel(modelId, {
		provider: `${providerName}.transcription`,
		url: ({ path }) => `${baseURL}${path}`,
		headers: getHeaders,
		fetch: options.fetch
	});
	const createSpeechModel = (modelId) => new OpenAISpeechModel(modelId, {
		provider: `${providerName}.speech`,
		url: ({ path }) => `${baseURL}${path}`,
		headers: getHeaders,
		fetch: options.fetch
	});
	const createLanguageModel = (modelId) => {
		if (new.target) throw new Error("The OpenAI model function cannot be called with the new keyword.");
		return createResponsesModel(modelId);
	};
	const createResponsesModel = (modelId) => {
		return new OpenAIResponsesLanguageModel(modelId, {
			provider: `${providerName}.responses`,
			url: ({ path }) => `${baseURL}${path}`,
			headers: getHeaders,
			fetch: options.fetch,
			fileIdPrefixes: ["file-"]
		});
	};
	const provider = function(modelId) {
		return createLanguageModel(modelId);
	};
	provider.specificationVersion = "v3";
	provider.languageModel = createLanguageModel;
	provider.chat = createChatModel;
	provider.completion = createCompletionModel;
	provider.responses = createResponsesModel;
	provider.embedding = createEmbeddingModel;
	provider.embeddingModel = createEmbeddingModel;
	provider.textEmbedding = createEmbeddingModel;
	provider.textEmbeddingModel = createEmbeddingModel;
	provider.image = createImageModel;
	provider.imageModel = createImageModel;
	provider.transcription = createTranscriptionModel;
	provider.transcriptionModel = createTranscriptionModel;
	provider.speech = createSpeechModel;
	provider.speechModel = createSpeechModel;
	provider.tools = openaiTools;
	return provider;
}
createOpenAI();
export { createOpenAI };
