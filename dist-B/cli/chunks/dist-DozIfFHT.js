import { Et as _enum, Fn as object, Jn as string, Lt as boolean, Nt as array, Pn as number, Un as record, gn as json, or as union, sr as unknown, xn as literal } from "./schemas-C-rNJMuT.js";
import { $ as stringifyWithBigIntAndCycles, A as getRuntimeEnvironmentUserAgent, C as downloadBlob, D as generateId, I as isUrlSupported, J as resolve, K as postJsonToApi, P as isSameOrigin, Q as secureJsonParse, R as lazySchema, S as delay, W as parseProviderOptions, _ as createJsonResponseHandler, at as AISDKError, c as combineHeaders, dt as TooManyEmbeddingValuesForCallError, f as convertUint8ArrayToBase64, g as createJsonErrorResponseHandler, i as EMBEDDING_MODEL_PROVIDER_OPTIONS_TRANSFORMER, it as zodSchema, j as isAbortError, k as getFromApi, m as createEventSourceResponseHandler, nt as withUserAgentSuffix, ot as APICallError, pt as UnsupportedFunctionalityError, rt as withoutTrailingSlash, st as InvalidArgumentError, u as convertToBase64, v as createProviderToolFactory, y as createProviderToolFactoryWithOutputSchema, z as loadApiKey } from "./dist-CQnvtnco.js";
// node_modules/@ai-sdk/google/dist/index.mjs
var getGoogleErrorSchema = () => object({
	code: number().nullable(),
	message: string(),
	status: string(),
	details: array(unknown()).nullish()
});
var googleErrorDataSchema = lazySchema(() => zodSchema(object({ error: getGoogleErrorSchema() })));
var googleFailedResponseHandler = createJsonErrorResponseHandler({
	errorSchema: googleErrorDataSchema,
	errorToMessage: (data) => data.error.message
});
function mapGoogleErrorStatusToHttpStatusCode(status) {
	switch (status) {
		case "CANCELLED": return 499;
		case "INVALID_ARGUMENT":
		case "FAILED_PRECONDITION":
		case "OUT_OF_RANGE": return 400;
		case "DEADLINE_EXCEEDED": return 504;
		case "NOT_FOUND": return 404;
		case "ALREADY_EXISTS":
		case "ABORTED": return 409;
		case "PERMISSION_DENIED": return 403;
		case "UNAUTHENTICATED": return 401;
		case "RESOURCE_EXHAUSTED": return 429;
		case "UNIMPLEMENTED": return 501;
		case "UNKNOWN":
		case "INTERNAL":
		case "DATA_LOSS": return 500;
		case "UNAVAILABLE": return 503;
		default: return;
	}
}
var googleTranscriptionModelOptions = lazySchema(() => zodSchema(object({
	/**
	* BCP-47 language codes providing hints about the languages present in the
	* audio. If omitted or empty, defaults to automatic language detection.
	*/
	languageCodes: array(string()).optional(),
	/**
	* Custom vocabulary phrases, which bias the speech recognition model
	* toward recognizing specific terms.
	*/
	customVocabulary: array(string()).optional(),
	/**
	* Enables word-level timestamp generation.
	*/
	wordTimestamp: boolean().optional(),
	/**
	* Enables speaker diarization.
	*/
	diarization: boolean().optional(),
	/**
	* Transcription output formatting mode.
	*
	* - `VERBATIM` (default): exact literal transcript preserving filler
	*   words, repetitions, and false starts.
	* - `SMART`: cleans up and structures the transcript in real time —
	*   disfluency removal, inline self-corrections, structured formatting
	*   (lists, numbers, dates, paragraph breaks), and grammar/casing polish.
	*/
	mode: _enum(["SMART", "VERBATIM"]).optional()
})));
function isLiveTranscriptionModelId(modelId) {
	return modelId.includes("-live");
}
var GoogleTranscriptionModel = class {
	constructor(modelId, config) {
		this.modelId = modelId;
		this.config = config;
		this.specificationVersion = "v3";
	}
	get provider() {
		return this.config.provider;
	}
	async parseOptions(providerOptions) {
		return parseProviderOptions({
			provider: "google",
			providerOptions,
			schema: googleTranscriptionModelOptions
		});
	}
	async doGenerate(options) {
		var _a2, _b, _c, _d, _e, _f;
		if (isLiveTranscriptionModelId(this.modelId)) throw new InvalidArgumentError({
			argument: "modelId",
			message: `Model '${this.modelId}' only supports streaming transcription, which requires AI SDK v7. Use a unary model such as 'gemini-3.5-transcribe'.`
		});
		const currentDate = (_c = (_b = (_a2 = this.config._internal) == null ? void 0 : _a2.currentDate) == null ? void 0 : _b.call(_a2)) != null ? _c : /* @__PURE__ */ new Date();
		const warnings = [];
		const transcriptionConfig = buildTranscriptionConfig(await this.parseOptions(options.providerOptions));
		const requestBody = {
			model: this.modelId,
			input: [{
				type: "audio",
				data: convertToBase64(options.audio),
				mime_type: options.mediaType
			}],
			...transcriptionConfig != null ? { generation_config: { transcription_config: transcriptionConfig } } : {}
		};
		const { value: response, responseHeaders, rawValue: rawResponse } = await postJsonToApi({
			url: `${this.config.baseURL}/interactions`,
			headers: combineHeaders(this.config.headers ? await resolve(this.config.headers) : void 0, options.headers),
			body: requestBody,
			failedResponseHandler: googleFailedResponseHandler,
			successfulResponseHandler: createJsonResponseHandler(googleInteractionsTranscriptionResponseSchema),
			abortSignal: options.abortSignal,
			fetch: this.config.fetch
		});
		let text = "";
		const segments = [];
		for (const step of (_d = response.steps) != null ? _d : []) for (const content of (_e = step.content) != null ? _e : []) {
			if (content.type !== "text" || content.text == null) continue;
			text += content.text;
			for (const annotation of (_f = content.annotations) != null ? _f : []) {
				if (annotation.type !== "word_info") continue;
				const startSecond = parseOffsetSeconds(annotation.start_offset);
				const endSecond = parseOffsetSeconds(annotation.end_offset);
				if (annotation.text == null || startSecond == null || endSecond == null) continue;
				segments.push({
					text: annotation.text,
					startSecond,
					endSecond
				});
			}
		}
		return {
			text,
			segments,
			language: void 0,
			durationInSeconds: void 0,
			warnings,
			response: {
				timestamp: currentDate,
				modelId: this.modelId,
				headers: responseHeaders,
				body: rawResponse
			},
			...response.usage != null ? { providerMetadata: { google: { usage: response.usage } } } : {}
		};
	}
};
function buildTranscriptionConfig(options) {
	var _a2;
	if (options == null) return void 0;
	const config = {};
	if (options.languageCodes != null) config.language_codes = options.languageCodes;
	if (options.customVocabulary != null) config.custom_vocabulary = options.customVocabulary;
	if (options.mode != null || options.diarization === true || options.wordTimestamp === true) config.mode = {
		type: ((_a2 = options.mode) != null ? _a2 : "VERBATIM").toLowerCase(),
		...options.diarization === true ? { diarization_mode: "speaker" } : {},
		...options.wordTimestamp === true ? { timestamp_granularities: ["word"] } : {}
	};
	return Object.keys(config).length > 0 ? config : void 0;
}
function parseOffsetSeconds(offset) {
	if (offset == null) return void 0;
	const parsed = Number.parseFloat(offset);
	return Number.isFinite(parsed) ? parsed : void 0;
}
var googleInteractionsWordAnnotationSchema = () => object({
	type: string().nullish(),
	text: string().nullish(),
	speaker: string().nullish(),
	start_offset: string().nullish(),
	end_offset: string().nullish()
});
var googleInteractionsTranscriptionResponseSchema = lazySchema(() => zodSchema(object({
	status: string().nullish(),
	steps: array(object({
		type: string().nullish(),
		content: array(object({
			type: string().nullish(),
			text: string().nullish(),
			annotations: array(googleInteractionsWordAnnotationSchema()).nullish()
		})).nullish()
	})).nullish(),
	usage: record(string(), unknown()).nullish()
})));
var VERSION = "3.0.141";
var googleEmbeddingContentPartSchema = () => union([
	object({ text: string() }),
	object({ inlineData: object({
		mimeType: string(),
		data: string()
	}) }),
	object({ fileData: object({
		fileUri: string(),
		mimeType: string()
	}) })
]);
var googleEmbeddingModelOptions = lazySchema(() => zodSchema(object({
	/**
	* Optional. Optional reduced dimension for the output embedding.
	* If set, excessive values in the output embedding are truncated from the end.
	*/
	outputDimensionality: number().optional(),
	/**
	* Optional. Specifies the task type for generating embeddings.
	* Supported task types:
	* - SEMANTIC_SIMILARITY: Optimized for text similarity.
	* - CLASSIFICATION: Optimized for text classification.
	* - CLUSTERING: Optimized for clustering texts based on similarity.
	* - RETRIEVAL_DOCUMENT: Optimized for document retrieval.
	* - RETRIEVAL_QUERY: Optimized for query-based retrieval.
	* - QUESTION_ANSWERING: Optimized for answering questions.
	* - FACT_VERIFICATION: Optimized for verifying factual information.
	* - CODE_RETRIEVAL_QUERY: Optimized for retrieving code blocks based on natural language queries.
	*/
	taskType: _enum([
		"SEMANTIC_SIMILARITY",
		"CLASSIFICATION",
		"CLUSTERING",
		"RETRIEVAL_DOCUMENT",
		"RETRIEVAL_QUERY",
		"QUESTION_ANSWERING",
		"FACT_VERIFICATION",
		"CODE_RETRIEVAL_QUERY"
	]).optional(),
	/**
	* Optional. Per-value multimodal content parts for embedding non-text
	* content (images, video, PDF, audio). Each entry corresponds to the
	* embedding value at the same index and its parts are merged with the
	* text value in the request. Use `null` for entries that are text-only.
	*
	* The array length must match the number of values being embedded. In
	* the case of a single embedding, the array length must be 1.
	*/
	content: array(array(googleEmbeddingContentPartSchema()).min(1).nullable()).optional()
})));
var _a = EMBEDDING_MODEL_PROVIDER_OPTIONS_TRANSFORMER;
var GoogleGenerativeAIEmbeddingModel = class {
	constructor(modelId, config) {
		this.specificationVersion = "v3";
		this.maxEmbeddingsPerCall = 100;
		this.supportsParallelCalls = true;
		this[_a] = ({ providerOptions, values, startIndex, endIndex }) => {
			var _a2;
			const multimodalContent = (_a2 = providerOptions == null ? void 0 : providerOptions.google) == null ? void 0 : _a2.content;
			if (!Array.isArray(multimodalContent)) return providerOptions;
			validateMultimodalContentLength({
				multimodalContent,
				values
			});
			return {
				...providerOptions,
				google: {
					...providerOptions == null ? void 0 : providerOptions.google,
					content: multimodalContent.slice(startIndex, endIndex)
				}
			};
		};
		this.modelId = modelId;
		this.config = config;
	}
	get provider() {
		return this.config.provider;
	}
	async doEmbed({ values, headers, abortSignal, providerOptions }) {
		const googleOptions = await parseProviderOptions({
			provider: "google",
			providerOptions,
			schema: googleEmbeddingModelOptions
		});
		if (values.length > this.maxEmbeddingsPerCall) throw new TooManyEmbeddingValuesForCallError({
			provider: this.provider,
			modelId: this.modelId,
			maxEmbeddingsPerCall: this.maxEmbeddingsPerCall,
			values
		});
		const mergedHeaders = combineHeaders(await resolve(this.config.headers), headers);
		const multimodalContent = googleOptions == null ? void 0 : googleOptions.content;
		validateMultimodalContentLength({
			multimodalContent,
			values
		});
		if (values.length === 1) {
			const valueParts = multimodalContent == null ? void 0 : multimodalContent[0];
			const textPart = values[0] ? [{ text: values[0] }] : [];
			const parts = valueParts != null ? [...textPart, ...valueParts] : [{ text: values[0] }];
			const { responseHeaders: responseHeaders2, value: response2, rawValue: rawValue2 } = await postJsonToApi({
				url: `${this.config.baseURL}/models/${this.modelId}:embedContent`,
				headers: mergedHeaders,
				body: {
					model: `models/${this.modelId}`,
					content: { parts },
					outputDimensionality: googleOptions == null ? void 0 : googleOptions.outputDimensionality,
					taskType: googleOptions == null ? void 0 : googleOptions.taskType
				},
				failedResponseHandler: googleFailedResponseHandler,
				successfulResponseHandler: createJsonResponseHandler(googleGenerativeAISingleEmbeddingResponseSchema),
				abortSignal,
				fetch: this.config.fetch
			});
			return {
				warnings: [],
				embeddings: [response2.embedding.values],
				usage: void 0,
				response: {
					headers: responseHeaders2,
					body: rawValue2
				}
			};
		}
		const { responseHeaders, value: response, rawValue } = await postJsonToApi({
			url: `${this.config.baseURL}/models/${this.modelId}:batchEmbedContents`,
			headers: mergedHeaders,
			body: { requests: values.map((value, index) => {
				const valueParts = multimodalContent == null ? void 0 : multimodalContent[index];
				const textPart = value ? [{ text: value }] : [];
				return {
					model: `models/${this.modelId}`,
					content: {
						role: "user",
						parts: valueParts != null ? [...textPart, ...valueParts] : [{ text: value }]
					},
					outputDimensionality: googleOptions == null ? void 0 : googleOptions.outputDimensionality,
					taskType: googleOptions == null ? void 0 : googleOptions.taskType
				};
			}) },
			failedResponseHandler: googleFailedResponseHandler,
			successfulResponseHandler: createJsonResponseHandler(googleGenerativeAITextEmbeddingResponseSchema),
			abortSignal,
			fetch: this.config.fetch
		});
		return {
			warnings: [],
			embeddings: response.embeddings.map((item) => item.values),
			usage: void 0,
			response: {
				headers: responseHeaders,
				body: rawValue
			}
		};
	}
};
var googleGenerativeAITextEmbeddingResponseSchema = lazySchema(() => zodSchema(object({ embeddings: array(object({ values: array(number()) })) })));
var googleGenerativeAISingleEmbeddingResponseSchema = lazySchema(() => zodSchema(object({ embedding: object({ values: array(number()) }) })));
function validateMultimodalContentLength({ multimodalContent, values }) {
	if (multimodalContent != null && multimodalContent.length !== values.length) throw new Error(`The number of multimodal content entries (${multimodalContent.length}) must match the number of values (${values.length}).`);
}
function continueGoogleStream({ stream, getContinuationToken, continueStream }) {
	let reader = stream.getReader();
	let pendingContinuationToken;
	return new ReadableStream({
		async pull(controller) {
			while (true) {
				const { done, value } = await reader.read();
				if (!done) {
					if (value.success) {
						const token = getContinuationToken(value.value);
						if (token != null) pendingContinuationToken = token;
					}
					controller.enqueue(value);
					return;
				}
				if (pendingContinuationToken == null) {
					controller.close();
					return;
				}
				const continuationToken = pendingContinuationToken;
				pendingContinuationToken = void 0;
				try {
					reader = (await continueStream(continuationToken)).getReader();
				} catch (error) {
					controller.enqueue({
						success: false,
						error,
						rawValue: void 0
					});
					controller.close();
					return;
				}
			}
		},
		async cancel(reason) {
			await reader.cancel(reason);
		}
	});
}
function convertGoogleGenerativeAIUsage(usage) {
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
	const promptTokens = (_a2 = usage.promptTokenCount) != null ? _a2 : 0;
	const candidatesTokens = (_b = usage.candidatesTokenCount) != null ? _b : 0;
	const cachedContentTokens = (_c = usage.cachedContentTokenCount) != null ? _c : 0;
	const thoughtsTokens = (_d = usage.thoughtsTokenCount) != null ? _d : 0;
	return {
		inputTokens: {
			total: promptTokens,
			noCache: promptTokens - cachedContentTokens,
			cacheRead: cachedContentTokens,
			cacheWrite: void 0
		},
		outputTokens: {
			total: candidatesTokens + thoughtsTokens,
			text: candidatesTokens,
			reasoning: thoughtsTokens
		},
		raw: usage
	};
}
function addGoogleGenerativeAIUsageMetadata(a, b) {
	if (a == null || b == null) return b != null ? b : a;
	return {
		...a,
		...b,
		promptTokenCount: addCounts(a.promptTokenCount, b.promptTokenCount),
		candidatesTokenCount: addCounts(a.candidatesTokenCount, b.candidatesTokenCount),
		toolUsePromptTokenCount: addCounts(a.toolUsePromptTokenCount, b.toolUsePromptTokenCount),
		totalTokenCount: addCounts(a.totalTokenCount, b.totalTokenCount),
		cachedContentTokenCount: addCounts(a.cachedContentTokenCount, b.cachedContentTokenCount),
		thoughtsTokenCount: addCounts(a.thoughtsTokenCount, b.thoughtsTokenCount),
		promptTokensDetails: addTokenDetails(a.promptTokensDetails, b.promptTokensDetails),
		cacheTokensDetails: addTokenDetails(a.cacheTokensDetails, b.cacheTokensDetails),
		candidatesTokensDetails: addTokenDetails(a.candidatesTokensDetails, b.candidatesTokensDetails),
		toolUsePromptTokensDetails: addTokenDetails(a.toolUsePromptTokensDetails, b.toolUsePromptTokensDetails)
	};
}
function addCounts(a, b) {
	return a == null && b == null ? b != null ? b : a : (a != null ? a : 0) + (b != null ? b : 0);
}
function addTokenDetails(a, b) {
	var _a2;
	if (a == null || b == null) return b != null ? b : a;
	const tokenCounts = /* @__PURE__ */ new Map();
	for (const { modality, tokenCount } of [...a, ...b]) tokenCounts.set(modality, ((_a2 = tokenCounts.get(modality)) != null ? _a2 : 0) + tokenCount);
	return Array.from(tokenCounts, ([modality, tokenCount]) => ({
		modality,
		tokenCount
	}));
}
var recursiveReferenceFunctionalityPrefix = "recursive JSON Schema reference:";
function isRecursiveJSONSchemaReferenceError(error) {
	return UnsupportedFunctionalityError.isInstance(error) && error.functionality.startsWith(recursiveReferenceFunctionalityPrefix);
}
function convertJSONSchemaToOpenAPISchema(jsonSchema, isRoot = true) {
	const rootSchema = typeof jsonSchema === "object" ? jsonSchema : void 0;
	return convertJSONSchemaDefinition(jsonSchema, isRoot, {
		definitions: rootSchema == null ? void 0 : rootSchema.definitions,
		dollarDefinitions: rootSchema == null ? void 0 : rootSchema.$defs,
		resolvingReferences: /* @__PURE__ */ new Set()
	});
}
function convertJSONSchemaDefinition(jsonSchema, isRoot, referenceContext) {
	if (jsonSchema == null) return;
	if (typeof jsonSchema === "boolean") return {
		type: "boolean",
		properties: {}
	};
	if (jsonSchema.$ref != null) return convertJSONSchemaReference({
		jsonSchema,
		reference: jsonSchema.$ref,
		isRoot,
		referenceContext
	});
	if (isEmptyObjectSchema(jsonSchema)) {
		if (isRoot) return;
		if (jsonSchema.description) return {
			type: "object",
			description: jsonSchema.description
		};
		return { type: "object" };
	}
	const { type, description, required, properties, items, allOf, anyOf, oneOf, format, const: constValue, minLength, enum: enumValues } = jsonSchema;
	const result = {};
	if (description) result.description = description;
	if (required) result.required = required;
	if (format) result.format = format;
	if (type) {
		if (Array.isArray(type)) {
			const hasNull = type.includes("null");
			const nonNullTypes = type.filter((t) => t !== "null");
			if (nonNullTypes.length === 0) result.type = "null";
			else if (nonNullTypes.length === 1) {
				result.type = nonNullTypes[0];
				if (hasNull) result.nullable = true;
			} else {
				result.anyOf = nonNullTypes.map((t) => ({ type: t }));
				if (hasNull) result.nullable = true;
			}
		} else result.type = type;
	}
	const values = enumValues != null ? enumValues : constValue !== void 0 ? [constValue] : void 0;
	if (values !== void 0) addEnumToSchema({
		values,
		type,
		result
	});
	if (properties != null) result.properties = Object.entries(properties).reduce((acc, [key, value]) => {
		acc[key] = convertJSONSchemaDefinition(value, false, referenceContext);
		return acc;
	}, {});
	if (items) result.items = Array.isArray(items) ? items.map((item) => convertJSONSchemaDefinition(item, false, referenceContext)) : convertJSONSchemaDefinition(items, false, referenceContext);
	if (allOf) result.allOf = allOf.map((item) => convertJSONSchemaDefinition(item, false, referenceContext));
	if (anyOf) {
		if (anyOf.some((schema) => typeof schema === "object" && (schema == null ? void 0 : schema.type) === "null")) {
			const nonNullSchemas = anyOf.filter((schema) => !(typeof schema === "object" && (schema == null ? void 0 : schema.type) === "null"));
			if (nonNullSchemas.length === 1) {
				const converted = convertJSONSchemaDefinition(nonNullSchemas[0], false, referenceContext);
				if (typeof converted === "object") {
					result.nullable = true;
					Object.assign(result, converted);
				}
			} else {
				result.anyOf = nonNullSchemas.map((item) => convertJSONSchemaDefinition(item, false, referenceContext));
				result.nullable = true;
			}
		} else result.anyOf = anyOf.map((item) => convertJSONSchemaDefinition(item, false, referenceContext));
	}
	if (oneOf) result.oneOf = oneOf.map((item) => convertJSONSchemaDefinition(item, false, referenceContext));
	if (minLength !== void 0) result.minLength = minLength;
	return result;
}
function addEnumToSchema({ values, type, result }) {
	const nullable = Array.isArray(type) && type.includes("null") || type === void 0 && values.includes(null);
	const enumValues = nullable ? values.filter((value) => value !== null) : values;
	if (values.length > 0 && values.every((value) => value === null)) {
		if (type === void 0 || type === "null" || Array.isArray(type) && type.includes("null")) {
			result.type = "null";
			if (Array.isArray(type)) delete result.anyOf;
			return;
		}
	}
	const enumType = getEnumType({
		values: enumValues,
		type
	});
	if (enumType === void 0) throw new UnsupportedFunctionalityError({
		functionality: "JSON Schema enum with mixed or unsupported values",
		message: "Google does not support this JSON Schema enum. Enum values must share one supported primitive type and match the schema type."
	});
	result.type = enumType;
	if (Array.isArray(type)) delete result.anyOf;
	if (nullable) result.nullable = true;
	if (enumType === "string") result.enum = enumValues;
	else {
		result.format = "enum";
		result.enum = enumValues.map(String);
	}
}
function getEnumType({ values, type }) {
	if (values.length === 0) return;
	const typeAllows = (enumType) => type === void 0 || type === enumType || Array.isArray(type) && type.includes(enumType);
	if (typeAllows("string") && values.every((value) => typeof value === "string")) return "string";
	if ((typeAllows("number") || typeAllows("integer")) && values.every((value) => typeof value === "number" && Number.isFinite(value))) {
		if (typeAllows("number")) return "number";
		if (values.every((value) => Number.isInteger(value))) return "integer";
	}
	if (typeAllows("boolean") && values.every((value) => typeof value === "boolean")) return "boolean";
}
function convertJSONSchemaReference({ jsonSchema, reference, isRoot, referenceContext }) {
	const { definition, referenceKey } = getReferencedDefinition(reference, referenceContext);
	if (referenceContext.resolvingReferences.has(referenceKey)) throw new UnsupportedFunctionalityError({
		functionality: `${recursiveReferenceFunctionalityPrefix} ${reference}`,
		message: "Google schema conversion does not support recursive JSON Schema references."
	});
	const resolvingReferences = new Set(referenceContext.resolvingReferences);
	resolvingReferences.add(referenceKey);
	const { $ref: _reference, ...siblingSchema } = jsonSchema;
	return convertJSONSchemaDefinition(typeof definition === "boolean" ? definition ? siblingSchema : false : {
		...definition,
		...siblingSchema
	}, isRoot, {
		...referenceContext,
		resolvingReferences
	});
}
function getReferencedDefinition(reference, referenceContext) {
	const source = [{
		prefix: "#/$defs/",
		definitions: referenceContext.dollarDefinitions
	}, {
		prefix: "#/definitions/",
		definitions: referenceContext.definitions
	}].find(({ prefix }) => reference.startsWith(prefix));
	const encodedDefinitionName = source ? reference.slice(source.prefix.length) : void 0;
	if (source == null || encodedDefinitionName == null || encodedDefinitionName.length === 0 || encodedDefinitionName.includes("/")) throwUnsupportedReference(reference);
	let decodedDefinitionName;
	try {
		decodedDefinitionName = decodeURIComponent(encodedDefinitionName);
	} catch (e) {
		throwUnsupportedReference(reference);
	}
	if (decodedDefinitionName.includes("/") || /~(?![01])/u.test(decodedDefinitionName) || source.definitions == null) throwUnsupportedReference(reference);
	const definitionName = decodedDefinitionName.replace(/~[01]/g, (match) => match === "~1" ? "/" : "~");
	if (!Object.prototype.hasOwnProperty.call(source.definitions, definitionName)) throwUnsupportedReference(reference);
	return {
		definition: source.definitions[definitionName],
		referenceKey: `${source.prefix}${definitionName}`
	};
}
function throwUnsupportedReference(reference) {
	throw new UnsupportedFunctionalityError({
		functionality: `JSON Schema reference: ${reference}`,
		message: "Google schema conversion only supports references to direct children of root-level $defs or definitions."
	});
}
function isEmptyObjectSchema(jsonSchema) {
	return jsonSchema != null && typeof jsonSchema === "object" && jsonSchema.type === "object" && (jsonSchema.properties == null || Object.keys(jsonSchema.properties).length === 0) && !jsonSchema.additionalProperties;
}
var googleVideoMetadataSchema = object({
	/** Start offset as a duration in seconds, e.g. `'3.5s'`. */
	startOffset: string().optional(),
	/** End offset as a duration in seconds, e.g. `'10s'`. */
	endOffset: string().optional(),
	/** Frames per second in the range (0, 24]. Defaults to 1. */
	fps: number().gt(0).max(24).optional()
});
var SKIP_THOUGHT_SIGNATURE_VALIDATOR = "skip_thought_signature_validator";
function getGoogleProviderOptions(providerOptions, providerOptionsName) {
	const namespaces = [
		providerOptionsName,
		"google",
		"googleVertex",
		"vertex"
	].filter((namespace, index, allNamespaces) => {
		return allNamespaces.indexOf(namespace) === index;
	});
	for (const namespace of namespaces) {
		const options = providerOptions == null ? void 0 : providerOptions[namespace];
		if (options != null) return options;
	}
}
var dataUrlRegex = /^data:([^;,]+);base64,(.+)$/s;
function parseBase64DataUrl(value) {
	const match = dataUrlRegex.exec(value);
	if (match == null) return;
	return {
		mediaType: match[1],
		data: match[2]
	};
}
function convertUrlToolResultPart(url, mediaType, supportedFunctionResponseUrls) {
	const parsedDataUrl = parseBase64DataUrl(url);
	if (parsedDataUrl != null) return { inlineData: {
		mimeType: parsedDataUrl.mediaType,
		data: parsedDataUrl.data
	} };
	return mediaType != null && isUrlSupported({
		url,
		mediaType,
		supportedUrls: supportedFunctionResponseUrls
	}) ? { fileData: {
		mimeType: mediaType,
		fileUri: url
	} } : void 0;
}
function serializeFunctionResponseContent(value) {
	return containsNonJsonValue(value) ? secureJsonParse(stringifyWithBigIntAndCycles(value)) : value;
}
function containsNonJsonValue(value, ancestors = /* @__PURE__ */ new Set()) {
	if (typeof value === "bigint") return true;
	if (typeof value !== "object" || value === null) return false;
	if (typeof value.toJSON === "function") return true;
	if (ancestors.has(value)) return true;
	ancestors.add(value);
	try {
		return Object.values(value).some((item) => containsNonJsonValue(item, ancestors));
	} finally {
		ancestors.delete(value);
	}
}
function appendToolResultParts(parts, toolName, outputValue, toolCallId, includeFunctionCallIds = true, supportedFunctionResponseUrls = {}) {
	const functionResponseParts = [];
	const responseTextParts = [];
	for (const contentPart of outputValue) switch (contentPart.type) {
		case "text":
			responseTextParts.push(contentPart.text);
			break;
		case "image-data":
		case "file-data":
			functionResponseParts.push({ inlineData: {
				mimeType: contentPart.mediaType,
				data: contentPart.data
			} });
			break;
		case "image-url":
		case "file-url": {
			const functionResponsePart = convertUrlToolResultPart(contentPart.url, contentPart.mediaType, supportedFunctionResponseUrls);
			if (functionResponsePart != null) functionResponseParts.push(functionResponsePart);
			else responseTextParts.push(stringifyWithBigIntAndCycles(contentPart));
			break;
		}
		default: responseTextParts.push(stringifyWithBigIntAndCycles(contentPart));
	}
	parts.push({ functionResponse: {
		...includeFunctionCallIds && toolCallId != null ? { id: toolCallId } : {},
		name: toolName,
		response: {
			name: toolName,
			content: responseTextParts.length > 0 ? responseTextParts.join("\n") : "Tool executed successfully."
		},
		...functionResponseParts.length > 0 ? { parts: functionResponseParts } : {}
	} });
}
function appendLegacyToolResultParts(parts, toolName, outputValue, toolCallId, includeFunctionCallIds = true) {
	for (const contentPart of outputValue) switch (contentPart.type) {
		case "text":
			parts.push({ functionResponse: {
				...includeFunctionCallIds && toolCallId != null ? { id: toolCallId } : {},
				name: toolName,
				response: {
					name: toolName,
					content: contentPart.text
				}
			} });
			break;
		case "image-data":
		case "file-data": {
			const topLevelMediaType = String(contentPart.mediaType).split("/")[0];
			parts.push({ inlineData: {
				mimeType: String(contentPart.mediaType),
				data: String(contentPart.data)
			} }, { text: `Tool executed successfully and returned this ${topLevelMediaType === "image" ? "image" : "file"} as a response` });
			break;
		}
		default: parts.push({ text: stringifyWithBigIntAndCycles(contentPart) });
	}
}
function convertToGoogleGenerativeAIMessages(prompt, options) {
	var _a2, _b, _c, _d, _e, _f, _g, _h;
	const systemInstructionParts = [];
	const contents = [];
	let systemMessagesAllowed = true;
	const isGemmaModel = (_a2 = options == null ? void 0 : options.isGemmaModel) != null ? _a2 : false;
	const isGemini3Model = (_b = options == null ? void 0 : options.isGemini3Model) != null ? _b : false;
	const providerOptionsName = (_c = options == null ? void 0 : options.providerOptionsName) != null ? _c : "google";
	const supportsFunctionResponseParts = (_d = options == null ? void 0 : options.supportsFunctionResponseParts) != null ? _d : true;
	const onWarning = options == null ? void 0 : options.onWarning;
	const includeFunctionCallIds = (_e = options == null ? void 0 : options.includeFunctionCallIds) != null ? _e : true;
	const supportedFunctionResponseUrls = (_f = options == null ? void 0 : options.supportedFunctionResponseUrls) != null ? _f : {};
	let sentinelInjected = false;
	const missingSignatureToolNames = [];
	const injectSkipSignature = (toolName) => {
		missingSignatureToolNames.push(toolName);
		sentinelInjected = true;
		return SKIP_THOUGHT_SIGNATURE_VALIDATOR;
	};
	for (const { role, content } of prompt) switch (role) {
		case "system":
			if (!systemMessagesAllowed) throw new UnsupportedFunctionalityError({ functionality: "system messages are only supported at the beginning of the conversation" });
			systemInstructionParts.push({ text: content });
			break;
		case "user": {
			systemMessagesAllowed = false;
			const parts = [];
			for (const part of content) switch (part.type) {
				case "text":
					parts.push({ text: part.text });
					break;
				case "file": {
					const mediaType = part.mediaType === "image/*" ? "image/jpeg" : part.mediaType;
					const rawVideoMetadata = (_g = getGoogleProviderOptions(part.providerOptions, providerOptionsName)) == null ? void 0 : _g.videoMetadata;
					const videoMetadata = rawVideoMetadata == null ? void 0 : googleVideoMetadataSchema.parse(rawVideoMetadata);
					parts.push(part.data instanceof URL ? {
						fileData: {
							mimeType: mediaType,
							fileUri: part.data.protocol === "gs:" && part.originalUrl != null ? part.originalUrl : part.data.toString()
						},
						...videoMetadata != null ? { videoMetadata } : {}
					} : {
						inlineData: {
							mimeType: mediaType,
							data: convertToBase64(part.data)
						},
						...videoMetadata != null ? { videoMetadata } : {}
					});
					break;
				}
			}
			contents.push({
				role: "user",
				parts
			});
			break;
		}
		case "assistant": {
			systemMessagesAllowed = false;
			let modelResponseHasSignedFunctionCall = false;
			contents.push({
				role: "model",
				parts: content.map((part) => {
					const providerOpts = getGoogleProviderOptions(part.providerOptions, providerOptionsName);
					const thoughtSignature = (providerOpts == null ? void 0 : providerOpts.thoughtSignature) != null ? String(providerOpts.thoughtSignature) : void 0;
					switch (part.type) {
						case "text": return part.text.length === 0 ? void 0 : {
							text: part.text,
							thoughtSignature
						};
						case "reasoning": return part.text.length === 0 ? void 0 : {
							text: part.text,
							thought: true,
							thoughtSignature
						};
						case "file":
							if (part.data instanceof URL) throw new UnsupportedFunctionalityError({ functionality: "File data URLs in assistant messages are not supported" });
							return {
								inlineData: {
									mimeType: part.mediaType,
									data: convertToBase64(part.data)
								},
								...(providerOpts == null ? void 0 : providerOpts.thought) === true ? { thought: true } : {},
								thoughtSignature
							};
						case "tool-call": {
							const serverToolCallId = (providerOpts == null ? void 0 : providerOpts.serverToolCallId) != null ? String(providerOpts.serverToolCallId) : void 0;
							const serverToolType = (providerOpts == null ? void 0 : providerOpts.serverToolType) != null ? String(providerOpts.serverToolType) : void 0;
							const isServerToolCall = serverToolCallId != null && serverToolType != null;
							const effectiveThoughtSignature = thoughtSignature != null ? thoughtSignature : isGemini3Model && !(!isServerToolCall && thoughtSignature == null && modelResponseHasSignedFunctionCall) ? injectSkipSignature(part.toolName) : void 0;
							if (!isServerToolCall && thoughtSignature != null) modelResponseHasSignedFunctionCall = true;
							if (isServerToolCall) return {
								toolCall: {
									toolType: serverToolType,
									args: typeof part.input === "string" ? secureJsonParse(part.input) : part.input,
									id: serverToolCallId
								},
								thoughtSignature: effectiveThoughtSignature
							};
							return {
								functionCall: {
									...includeFunctionCallIds && part.toolCallId != null ? { id: part.toolCallId } : {},
									name: part.toolName,
									args: parseToolCallInput(part.input)
								},
								thoughtSignature: effectiveThoughtSignature
							};
						}
						case "tool-result": {
							const serverToolCallId = (providerOpts == null ? void 0 : providerOpts.serverToolCallId) != null ? String(providerOpts.serverToolCallId) : void 0;
							const serverToolType = (providerOpts == null ? void 0 : providerOpts.serverToolType) != null ? String(providerOpts.serverToolType) : void 0;
							if (serverToolCallId && serverToolType) return {
								toolResponse: {
									toolType: serverToolType,
									response: part.output.type === "json" ? part.output.value : {},
									id: serverToolCallId
								},
								thoughtSignature
							};
							return;
						}
					}
				}).filter((part) => part !== void 0)
			});
			break;
		}
		case "tool": {
			systemMessagesAllowed = false;
			const parts = [];
			for (const part of content) {
				if (part.type === "tool-approval-response") continue;
				const partProviderOpts = getGoogleProviderOptions(part.providerOptions, providerOptionsName);
				const serverToolCallId = (partProviderOpts == null ? void 0 : partProviderOpts.serverToolCallId) != null ? String(partProviderOpts.serverToolCallId) : void 0;
				const serverToolType = (partProviderOpts == null ? void 0 : partProviderOpts.serverToolType) != null ? String(partProviderOpts.serverToolType) : void 0;
				if (serverToolCallId && serverToolType) {
					const serverThoughtSignature = (partProviderOpts == null ? void 0 : partProviderOpts.thoughtSignature) != null ? String(partProviderOpts.thoughtSignature) : void 0;
					if (contents.length > 0) {
						const lastContent = contents[contents.length - 1];
						if (lastContent.role === "model") {
							lastContent.parts.push({
								toolResponse: {
									toolType: serverToolType,
									response: part.output.type === "json" ? part.output.value : {},
									id: serverToolCallId
								},
								thoughtSignature: serverThoughtSignature
							});
							continue;
						}
					}
				}
				const output = part.output;
				if (output.type === "content") {
					if (supportsFunctionResponseParts) appendToolResultParts(parts, part.toolName, output.value, part.toolCallId, includeFunctionCallIds, supportedFunctionResponseUrls);
					else appendLegacyToolResultParts(parts, part.toolName, output.value, part.toolCallId, includeFunctionCallIds);
				} else parts.push({ functionResponse: {
					...includeFunctionCallIds && part.toolCallId != null ? { id: part.toolCallId } : {},
					name: part.toolName,
					response: {
						name: part.toolName,
						content: output.type === "execution-denied" ? (_h = output.reason) != null ? _h : "Tool call execution denied." : serializeFunctionResponseContent(output.value)
					}
				} });
			}
			contents.push({
				role: "user",
				parts
			});
			break;
		}
	}
	if (isGemmaModel && systemInstructionParts.length > 0 && contents.length > 0 && contents[0].role === "user") {
		const systemText = systemInstructionParts.map((part) => part.text).join("\n\n");
		contents[0].parts.unshift({ text: systemText + "\n\n" });
	}
	if (sentinelInjected && onWarning != null) {
		const uniqueToolNames = Array.from(new Set(missingSignatureToolNames));
		onWarning({
			type: "other",
			message: `Replayed ${missingSignatureToolNames.length} \`functionCall\` part(s) for a Gemini 3 model without a \`thoughtSignature\` (tools: ${uniqueToolNames.map((name) => `\`${name}\``).join(", ")}). Injected the documented \`skip_thought_signature_validator\` sentinel to keep the request from failing with HTTP 400. The likely cause is application code that drops \`providerOptions.google.thoughtSignature\` when persisting or serializing assistant tool-call messages. See https://ai.google.dev/gemini-api/docs/thought-signatures.`
		});
	}
	return {
		systemInstruction: systemInstructionParts.length > 0 && !isGemmaModel ? { parts: systemInstructionParts } : void 0,
		contents
	};
}
function parseToolCallInput(input) {
	if (typeof input !== "string") return input;
	try {
		return secureJsonParse(input);
	} catch (e) {
		return input;
	}
}
async function downloadToolResultFiles(prompt, { abortSignal, supportedUrls = {} }) {
	async function downloadOutput(output) {
		if (output.type !== "content") return output;
		return {
			...output,
			value: await Promise.all(output.value.map(async (part) => {
				var _a2;
				if (part.type !== "file-url" && part.type !== "image-url") return part;
				if (part.type === "file-url" && part.mediaType != null && isUrlSupported({
					url: part.url,
					mediaType: part.mediaType,
					supportedUrls
				})) return part;
				const blob = await downloadBlob(part.url, { abortSignal });
				return {
					type: part.type === "file-url" ? "file-data" : "image-data",
					data: convertUint8ArrayToBase64(new Uint8Array(await blob.arrayBuffer())),
					mediaType: blob.type || (part.type === "file-url" ? (_a2 = part.mediaType) != null ? _a2 : "application/octet-stream" : "image/*"),
					providerOptions: part.providerOptions
				};
			}))
		};
	}
	return Promise.all(prompt.map(async (message) => {
		switch (message.role) {
			case "assistant": return {
				...message,
				content: await Promise.all(message.content.map(async (part) => part.type === "tool-result" ? {
					...part,
					output: await downloadOutput(part.output)
				} : part))
			};
			case "tool": return {
				...message,
				content: await Promise.all(message.content.map(async (part) => part.type === "tool-result" ? {
					...part,
					output: await downloadOutput(part.output)
				} : part))
			};
			default: return message;
		}
	}));
}
function getModelPath(modelId) {
	return modelId.includes("/") ? modelId : `models/${modelId}`;
}
var googleLanguageModelOptions = lazySchema(() => zodSchema(object({
	responseModalities: array(_enum(["TEXT", "IMAGE"])).optional(),
	thinkingConfig: object({
		thinkingBudget: number().optional(),
		includeThoughts: boolean().optional(),
		thinkingLevel: _enum([
			"minimal",
			"low",
			"medium",
			"high"
		]).optional()
	}).optional(),
	/**
	* Optional.
	* The name of the cached content used as context to serve the prediction.
	* Format: cachedContents/{cachedContent}
	*/
	cachedContent: string().optional(),
	/**
	* Optional. Enable structured output. Default is true.
	*
	* This is useful when the JSON Schema contains elements that are
	* not supported by the OpenAPI schema version that
	* Google Generative AI uses. You can use this to disable
	* structured outputs if you need to.
	*/
	structuredOutputs: boolean().optional(),
	/**
	* Optional. A list of unique safety settings for blocking unsafe content.
	*/
	safetySettings: array(object({
		category: _enum([
			"HARM_CATEGORY_UNSPECIFIED",
			"HARM_CATEGORY_HATE_SPEECH",
			"HARM_CATEGORY_DANGEROUS_CONTENT",
			"HARM_CATEGORY_HARASSMENT",
			"HARM_CATEGORY_SEXUALLY_EXPLICIT",
			"HARM_CATEGORY_CIVIC_INTEGRITY"
		]),
		threshold: _enum([
			"HARM_BLOCK_THRESHOLD_UNSPECIFIED",
			"BLOCK_LOW_AND_ABOVE",
			"BLOCK_MEDIUM_AND_ABOVE",
			"BLOCK_ONLY_HIGH",
			"BLOCK_NONE",
			"OFF"
		])
	})).optional(),
	threshold: _enum([
		"HARM_BLOCK_THRESHOLD_UNSPECIFIED",
		"BLOCK_LOW_AND_ABOVE",
		"BLOCK_MEDIUM_AND_ABOVE",
		"BLOCK_ONLY_HIGH",
		"BLOCK_NONE",
		"OFF"
	]).optional(),
	/**
	* Optional. Enables timestamp understanding for audio-only files.
	*
	* https://cloud.google.com/vertex-ai/generative-ai/docs/multimodal/audio-understanding
	*/
	audioTimestamp: boolean().optional(),
	/**
	* Optional. Defines labels used in billing reports. Available on Vertex AI only.
	*
	* https://cloud.google.com/vertex-ai/generative-ai/docs/multimodal/add-labels-to-api-calls
	*/
	labels: record(string(), string()).optional(),
	/**
	* Optional. If specified, the media resolution specified will be used.
	*
	* https://ai.google.dev/api/generate-content#MediaResolution
	*/
	mediaResolution: _enum([
		"MEDIA_RESOLUTION_UNSPECIFIED",
		"MEDIA_RESOLUTION_LOW",
		"MEDIA_RESOLUTION_MEDIUM",
		"MEDIA_RESOLUTION_HIGH"
	]).optional(),
	/**
	* Optional. Configures the image generation aspect ratio for Gemini models.
	*
	* https://ai.google.dev/gemini-api/docs/image-generation#aspect_ratios
	*/
	imageConfig: object({
		aspectRatio: _enum([
			"1:1",
			"2:3",
			"3:2",
			"3:4",
			"4:3",
			"4:5",
			"5:4",
			"9:16",
			"16:9",
			"21:9",
			"1:8",
			"8:1",
			"1:4",
			"4:1"
		]).optional(),
		imageSize: _enum([
			"1K",
			"2K",
			"4K",
			"512"
		]).optional(),
		/**
		* Optional. Controls the generation of people in images.
		* Vertex AI only.
		*/
		personGeneration: _enum([
			"PERSON_GENERATION_UNSPECIFIED",
			"ALLOW_ALL",
			"ALLOW_ADULT",
			"ALLOW_NONE"
		]).optional(),
		/**
		* Optional. Controls whether generation of prominent people
		* (celebrities) is allowed. When set together with
		* `personGeneration`, `personGeneration` takes precedence.
		* Vertex AI only.
		*
		* https://docs.cloud.google.com/vertex-ai/generative-ai/docs/reference/rest/v1/GenerationConfig
		*/
		prominentPeople: _enum([
			"PROMINENT_PEOPLE_UNSPECIFIED",
			"ALLOW_PROMINENT_PEOPLE",
			"BLOCK_PROMINENT_PEOPLE"
		]).optional(),
		/**
		* Optional. The image output format for generated images.
		* Vertex AI only.
		*/
		imageOutputOptions: object({
			mimeType: _enum(["image/jpeg", "image/png"]).optional(),
			compressionQuality: number().optional()
		}).optional()
	}).optional(),
	/**
	* Optional. Configuration for grounding retrieval.
	* Used to provide location context for Google Maps and Google Search grounding.
	*
	* https://cloud.google.com/vertex-ai/generative-ai/docs/grounding/grounding-with-google-maps
	*/
	retrievalConfig: object({ latLng: object({
		latitude: number(),
		longitude: number()
	}).optional() }).optional(),
	/**
	* Optional. When set to true, function call arguments will be streamed
	* incrementally via partialArgs in streaming responses. Only supported
	* on the Vertex AI API (not the Gemini API) and only for Gemini 3+
	* models.
	*
	* @default false
	*
	* https://docs.cloud.google.com/vertex-ai/generative-ai/docs/multimodal/function-calling#streaming-fc
	*/
	streamFunctionCallArguments: boolean().optional(),
	/**
	* Optional. The service tier to use for the request. Sent as the
	* `serviceTier` body field. Gemini API only.
	*/
	serviceTier: _enum([
		"standard",
		"flex",
		"priority"
	]).optional(),
	/**
	* Optional. Resumes a response that stopped with `MAX_TOKENS` because it
	* used up its `maxOutputTokens` budget (Gemini 4 long decode). Pass the
	* `continuationToken` from the previous response's provider metadata
	* together with the original prompt and a higher `maxOutputTokens` (the
	* budget is cumulative across requests). Requests that reach the
	* per-request cap while budget remains (`CONTINUATION`) are continued
	* automatically. Sent as the `continuationToken` body field.
	*/
	continuationToken: string().optional(),
	/**
	* Optional. Vertex AI only. Sent as the
	* `X-Vertex-AI-LLM-Shared-Request-Type` request header to select a
	* shared (PayGo) tier. With Provisioned Throughput allocated and
	* `requestType` unset, the request falls back to this tier only if
	* PT capacity is exhausted.
	*
	* https://docs.cloud.google.com/vertex-ai/generative-ai/docs/priority-paygo
	* https://docs.cloud.google.com/vertex-ai/generative-ai/docs/flex-paygo
	*/
	sharedRequestType: _enum([
		"priority",
		"flex",
		"standard"
	]).optional(),
	/**
	* Optional. Vertex AI only. Sent as the `X-Vertex-AI-LLM-Request-Type`
	* request header. Set to `'shared'` together with `sharedRequestType`
	* to bypass Provisioned Throughput entirely.
	*
	* https://docs.cloud.google.com/vertex-ai/generative-ai/docs/priority-paygo
	*/
	requestType: _enum(["shared"]).optional()
})));
var gemini1ModelPattern = /(^|\/)gemini-1(?:[.-]|$)/i;
var gemini2ModelPattern = /(^|\/)gemini-2(?:[.-]|$)/i;
var gemini25ModelPattern = /(^|\/)gemini-2\.5(?:[.-]|$)/i;
var geminiModelPattern = /(^|\/)gemini-/i;
function isKnownPreGemini2Model(modelId) {
	return gemini1ModelPattern.test(modelId) || /(^|\/)gemini-pro(?:-vision)?$/i.test(modelId) || /(^|\/)gemini-robotics-er-1\.5(?:[.-]|$)/i.test(modelId);
}
function getGoogleModelCapabilities(modelId) {
	const isGeminiModel2 = geminiModelPattern.test(modelId);
	const isGemini2Model = gemini2ModelPattern.test(modelId);
	const isKnownPreGemini2 = isKnownPreGemini2Model(modelId);
	const usesGemini3Features = isGeminiModel2 && !(isKnownPreGemini2 || isGemini2Model);
	return {
		supportsGemini2Tools: isGeminiModel2 && !isKnownPreGemini2 || modelId.toLowerCase().includes("nano-banana"),
		supportsFileSearch: gemini25ModelPattern.test(modelId) || usesGemini3Features,
		usesGemini3Features
	};
}
function prepareTools({ tools, toolChoice, modelId, isVertexProvider = false }) {
	tools = (tools == null ? void 0 : tools.length) ? tools : void 0;
	const toolWarnings = [];
	const { supportsGemini2Tools, supportsFileSearch, usesGemini3Features } = getGoogleModelCapabilities(modelId);
	if (tools == null) return {
		tools: void 0,
		toolConfig: void 0,
		toolWarnings
	};
	const hasFunctionTools = tools.some((tool) => tool.type === "function");
	const hasProviderTools = tools.some((tool) => tool.type === "provider");
	if (hasFunctionTools && hasProviderTools && !usesGemini3Features) toolWarnings.push({
		type: "unsupported",
		feature: `combination of function and provider-defined tools`
	});
	if (hasProviderTools) {
		const googleTools2 = [];
		tools.filter((tool) => tool.type === "provider").forEach((tool) => {
			switch (tool.id) {
				case "google.google_search":
					if (supportsGemini2Tools) googleTools2.push({ googleSearch: { ...tool.args } });
					else toolWarnings.push({
						type: "unsupported",
						feature: `provider-defined tool ${tool.id}`,
						details: "Google Search requires Gemini 2.0 or newer."
					});
					break;
				case "google.enterprise_web_search":
					if (supportsGemini2Tools) googleTools2.push({ enterpriseWebSearch: {} });
					else toolWarnings.push({
						type: "unsupported",
						feature: `provider-defined tool ${tool.id}`,
						details: "Enterprise Web Search requires Gemini 2.0 or newer."
					});
					break;
				case "google.url_context":
					if (supportsGemini2Tools) googleTools2.push({ urlContext: {} });
					else toolWarnings.push({
						type: "unsupported",
						feature: `provider-defined tool ${tool.id}`,
						details: "The URL context tool is not supported with other Gemini models than Gemini 2."
					});
					break;
				case "google.code_execution":
					if (supportsGemini2Tools) googleTools2.push({ codeExecution: {} });
					else toolWarnings.push({
						type: "unsupported",
						feature: `provider-defined tool ${tool.id}`,
						details: "The code execution tool is not supported with other Gemini models than Gemini 2."
					});
					break;
				case "google.file_search":
					if (supportsFileSearch) googleTools2.push({ fileSearch: { ...tool.args } });
					else toolWarnings.push({
						type: "unsupported",
						feature: `provider-defined tool ${tool.id}`,
						details: "The file search tool is only supported with Gemini 2.5 models and Gemini 3 models."
					});
					break;
				case "google.vertex_rag_store":
					if (supportsGemini2Tools) googleTools2.push({ retrieval: { vertex_rag_store: {
						rag_resources: { rag_corpus: tool.args.ragCorpus },
						similarity_top_k: tool.args.topK
					} } });
					else toolWarnings.push({
						type: "unsupported",
						feature: `provider-defined tool ${tool.id}`,
						details: "The RAG store tool is not supported with other Gemini models than Gemini 2."
					});
					break;
				case "google.google_maps":
					if (supportsGemini2Tools) googleTools2.push({ googleMaps: {} });
					else toolWarnings.push({
						type: "unsupported",
						feature: `provider-defined tool ${tool.id}`,
						details: "The Google Maps grounding tool is not supported with Gemini models other than Gemini 2 or newer."
					});
					break;
				default: toolWarnings.push({
					type: "unsupported",
					feature: `provider-defined tool ${tool.id}`
				});
			}
		});
		if (hasFunctionTools && usesGemini3Features && googleTools2.length > 0) {
			const functionDeclarations2 = [];
			for (const tool of tools) if (tool.type === "function") functionDeclarations2.push(prepareFunctionDeclaration(tool));
			const combinedToolConfig = {
				functionCallingConfig: { mode: "VALIDATED" },
				...!isVertexProvider && { includeServerSideToolInvocations: true }
			};
			if (toolChoice != null) switch (toolChoice.type) {
				case "auto": break;
				case "none":
					combinedToolConfig.functionCallingConfig = { mode: "NONE" };
					break;
				case "required":
					combinedToolConfig.functionCallingConfig = { mode: "ANY" };
					break;
				case "tool": combinedToolConfig.functionCallingConfig = {
					mode: "ANY",
					allowedFunctionNames: [toolChoice.toolName]
				};
			}
			return {
				tools: [...googleTools2, { functionDeclarations: functionDeclarations2 }],
				toolConfig: combinedToolConfig,
				toolWarnings
			};
		}
		return {
			tools: googleTools2.length > 0 ? googleTools2 : void 0,
			toolConfig: void 0,
			toolWarnings
		};
	}
	const functionDeclarations = [];
	let hasStrictTools = false;
	for (const tool of tools) switch (tool.type) {
		case "function":
			functionDeclarations.push(prepareFunctionDeclaration(tool));
			if (tool.strict === true) hasStrictTools = true;
			break;
		default: toolWarnings.push({
			type: "unsupported",
			feature: `function tool ${tool.name}`
		});
	}
	if (toolChoice == null) return {
		tools: [{ functionDeclarations }],
		toolConfig: hasStrictTools ? { functionCallingConfig: { mode: "VALIDATED" } } : void 0,
		toolWarnings
	};
	const type = toolChoice.type;
	switch (type) {
		case "auto": return {
			tools: [{ functionDeclarations }],
			toolConfig: { functionCallingConfig: { mode: hasStrictTools ? "VALIDATED" : "AUTO" } },
			toolWarnings
		};
		case "none": return {
			tools: [{ functionDeclarations }],
			toolConfig: { functionCallingConfig: { mode: "NONE" } },
			toolWarnings
		};
		case "required": return {
			tools: [{ functionDeclarations }],
			toolConfig: { functionCallingConfig: { mode: "ANY" } },
			toolWarnings
		};
		case "tool": return {
			tools: [{ functionDeclarations }],
			toolConfig: { functionCallingConfig: {
				mode: "ANY",
				allowedFunctionNames: [toolChoice.toolName]
			} },
			toolWarnings
		};
		default: throw new UnsupportedFunctionalityError({ functionality: `tool choice type: ${type}` });
	}
}
function prepareFunctionDeclaration(tool) {
	var _a2;
	const declaration = {
		name: tool.name,
		description: (_a2 = tool.description) != null ? _a2 : ""
	};
	try {
		return {
			...declaration,
			parameters: convertJSONSchemaToOpenAPISchema(tool.inputSchema)
		};
	} catch (error) {
		if (!isRecursiveJSONSchemaReferenceError(error)) throw error;
		return {
			...declaration,
			parametersJsonSchema: tool.inputSchema
		};
	}
}
var GoogleJSONAccumulator = class {
	constructor() {
		this.accumulatedArgs = {};
		this.jsonText = "";
		/**
		* Stack representing the currently "open" containers in the JSON output.
		* Entry 0 is always the root `{` object once the first value is written.
		*/
		this.pathStack = [];
		/**
		* Whether a string value is currently "open" (willContinue was true),
		* meaning the closing quote has not yet been emitted.
		*/
		this.stringOpen = false;
	}
	/**
	* Input: [{jsonPath:"$.brightness",numberValue:50}]
	* Output: { currentJSON:{brightness:50}, textDelta:'{"brightness":50' }
	*/
	processPartialArgs(partialArgs) {
		let delta = "";
		for (const arg of partialArgs) {
			const isArrayTerminator = arg.jsonPath.endsWith("[]");
			const rawPath = (isArrayTerminator ? arg.jsonPath.slice(0, -2) : arg.jsonPath).replace(/^\$\./, "");
			if (!rawPath || rawPath === "$") continue;
			const segments = parsePath(rawPath);
			const existingValue = getNestedValue(this.accumulatedArgs, segments);
			if (arg.stringValue != null && existingValue !== void 0) {
				const escaped = JSON.stringify(arg.stringValue).slice(1, -1);
				setNestedValue(this.accumulatedArgs, segments, existingValue + arg.stringValue);
				delta += escaped;
				continue;
			}
			const resolved = resolvePartialArgValue(arg);
			if (resolved == null) {
				if (existingValue !== void 0 || arg.willContinue === true) continue;
				setNestedValue(this.accumulatedArgs, segments, isArrayTerminator ? [] : {});
				delta += this.emitContainer(segments, isArrayTerminator);
				continue;
			}
			setNestedValue(this.accumulatedArgs, segments, resolved.value);
			delta += this.emitNavigationTo(segments, arg, resolved.json);
		}
		this.jsonText += delta;
		return {
			currentJSON: this.accumulatedArgs,
			textDelta: delta
		};
	}
	/**
	* Input: jsonText='{"brightness":50', accumulatedArgs={brightness:50}
	* Output: { finalJSON:'{"brightness":50}', closingDelta:'}' }
	*/
	finalize() {
		const finalArgs = JSON.stringify(this.accumulatedArgs);
		return {
			finalJSON: finalArgs,
			closingDelta: finalArgs.slice(this.jsonText.length)
		};
	}
	/**
	* Input: pathStack=[] (first call) or pathStack=[root,...] (subsequent calls)
	* Output: '{' (first call) or '' (subsequent calls)
	*/
	ensureRoot() {
		if (this.pathStack.length === 0) {
			this.pathStack.push({
				segment: "",
				isArray: false,
				childCount: 0
			});
			return "{";
		}
		return "";
	}
	/**
	* Emits the JSON text fragment needed to navigate from the current open
	* path to the new leaf at `targetSegments`, then writes the value.
	*
	* Input: targetSegments=["recipe","name"], arg={jsonPath:"$.recipe.name",stringValue:"Lasagna"}, valueJson='"Lasagna"'
	* Output: '{"recipe":{"name":"Lasagna"'
	*/
	emitNavigationTo(targetSegments, arg, valueJson) {
		let fragment = "";
		if (this.stringOpen) {
			fragment += "\"";
			this.stringOpen = false;
		}
		fragment += this.ensureRoot();
		const targetContainerSegments = targetSegments.slice(0, -1);
		const leafSegment = targetSegments[targetSegments.length - 1];
		const commonDepth = this.findCommonStackDepth(targetContainerSegments);
		fragment += this.closeDownTo(commonDepth);
		fragment += this.openDownTo(targetContainerSegments, leafSegment);
		fragment += this.emitLeaf(leafSegment, arg, valueJson);
		return fragment;
	}
	/**
	* Navigates to `targetSegments` and opens a container there. The container
	* stays open so later entries for its children continue inside it; it is
	* closed by subsequent navigation or by `finalize()`.
	*
	* Input: targetSegments=["nested","tags"], isArray=true
	* Output: '{"nested":{"tags":['
	*/
	emitContainer(targetSegments, isArray) {
		let fragment = "";
		if (this.stringOpen) {
			fragment += "\"";
			this.stringOpen = false;
		}
		fragment += this.ensureRoot();
		const commonDepth = this.findCommonStackDepth(targetSegments);
		fragment += this.closeDownTo(commonDepth);
		fragment += this.openDownTo(targetSegments, isArray ? 0 : "");
		return fragment;
	}
	/**
	* Returns the stack depth to preserve when navigating to a new target
	* container path. Always >= 1 (the root is never popped).
	*
	* Input: stack=[root,"recipe","ingredients",0], target=["recipe","ingredients",1]
	* Output: 3 (keep root+"recipe"+"ingredients")
	*/
	findCommonStackDepth(targetContainer) {
		const maxDepth = Math.min(this.pathStack.length - 1, targetContainer.length);
		let common = 0;
		for (let i = 0; i < maxDepth; i++) if (this.pathStack[i + 1].segment === targetContainer[i]) common++;
		else break;
		return common + 1;
	}
	/**
	* Closes containers from the current stack depth back down to `targetDepth`.
	*
	* Input: this.pathStack=[root,"recipe","ingredients",0], targetDepth=3
	* Output: '}'
	*/
	closeDownTo(targetDepth) {
		let fragment = "";
		while (this.pathStack.length > targetDepth) {
			const entry = this.pathStack.pop();
			fragment += entry.isArray ? "]" : "}";
		}
		return fragment;
	}
	/**
	* Opens containers from the current stack depth down to the full target
	* container path, emitting opening `{`, `[`, keys, and commas as needed.
	* `leafSegment` is used to determine if the innermost container is an array.
	*
	* Input: this.pathStack=[root], targetContainer=["recipe","ingredients"], leafSegment=0
	* Output: '"recipe":{"ingredients":['
	*/
	openDownTo(targetContainer, leafSegment) {
		let fragment = "";
		const startIdx = this.pathStack.length - 1;
		for (let i = startIdx; i < targetContainer.length; i++) {
			const seg = targetContainer[i];
			const parentEntry = this.pathStack[this.pathStack.length - 1];
			if (parentEntry.childCount > 0) fragment += ",";
			parentEntry.childCount++;
			if (typeof seg === "string") fragment += `${JSON.stringify(seg)}:`;
			const isArray = typeof (i + 1 < targetContainer.length ? targetContainer[i + 1] : leafSegment) === "number";
			fragment += isArray ? "[" : "{";
			this.pathStack.push({
				segment: seg,
				isArray,
				childCount: 0
			});
		}
		return fragment;
	}
	/**
	* Emits the comma, key, and value for a leaf entry in the current container.
	*
	* Input: leafSegment="name", arg={stringValue:"Lasagna"}, valueJson='"Lasagna"'
	* Output: '"name":"Lasagna"' (or ',"name":"Lasagna"' if container.childCount > 0)
	*/
	emitLeaf(leafSegment, arg, valueJson) {
		let fragment = "";
		const container = this.pathStack[this.pathStack.length - 1];
		if (container.childCount > 0) fragment += ",";
		container.childCount++;
		if (typeof leafSegment === "string") fragment += `${JSON.stringify(leafSegment)}:`;
		if (arg.stringValue != null && arg.willContinue) {
			fragment += valueJson.slice(0, -1);
			this.stringOpen = true;
		} else fragment += valueJson;
		return fragment;
	}
};
function parsePath(rawPath) {
	const segments = [];
	for (const part of rawPath.split(".")) {
		const bracketIdx = part.indexOf("[");
		if (bracketIdx === -1) segments.push(part);
		else {
			if (bracketIdx > 0) segments.push(part.slice(0, bracketIdx));
			for (const m of part.matchAll(/\[(\d+)\]/g)) segments.push(parseInt(m[1], 10));
		}
	}
	return segments;
}
var hasOwn = Object.prototype.hasOwnProperty;
function hasOwnProperty(obj, key) {
	return hasOwn.call(obj, key);
}
function defineOwnProperty(obj, key, value) {
	Object.defineProperty(obj, key, {
		value,
		enumerable: true,
		configurable: true,
		writable: true
	});
}
function getNestedValue(obj, segments) {
	let current = obj;
	for (const seg of segments) {
		if (current == null || typeof current !== "object") return void 0;
		const currentRecord = current;
		if (!hasOwnProperty(currentRecord, seg)) return void 0;
		current = currentRecord[seg];
	}
	return current;
}
function setNestedValue(obj, segments, value) {
	let current = obj;
	for (let i = 0; i < segments.length - 1; i++) {
		const seg = segments[i];
		const nextSeg = segments[i + 1];
		if (!hasOwnProperty(current, seg) || current[seg] == null) defineOwnProperty(current, seg, typeof nextSeg === "number" ? [] : {});
		current = current[seg];
	}
	defineOwnProperty(current, segments[segments.length - 1], value);
}
function resolvePartialArgValue(arg) {
	var _a2, _b;
	const value = (_b = (_a2 = arg.stringValue) != null ? _a2 : arg.numberValue) != null ? _b : arg.boolValue;
	if (value != null) return {
		value,
		json: JSON.stringify(value)
	};
	if ("nullValue" in arg) return {
		value: null,
		json: "null"
	};
}
function mapGoogleGenerativeAIFinishReason({ finishReason, hasToolCalls }) {
	switch (finishReason) {
		case "STOP": return hasToolCalls ? "tool-calls" : "stop";
		case "MAX_TOKENS":
		case "CONTINUATION": return "length";
		case "IMAGE_SAFETY":
		case "RECITATION":
		case "SAFETY":
		case "BLOCKLIST":
		case "PROHIBITED_CONTENT":
		case "SPII": return "content-filter";
		case "MALFORMED_FUNCTION_CALL": return "error";
		default: return "other";
	}
}
var configurableSafetySettingCategories = [
	"HARM_CATEGORY_HATE_SPEECH",
	"HARM_CATEGORY_DANGEROUS_CONTENT",
	"HARM_CATEGORY_HARASSMENT",
	"HARM_CATEGORY_SEXUALLY_EXPLICIT"
];
var gemini25ModelPattern2 = /(^|\/)gemini-2\.5(?:[.-]|$)/i;
var googleCloudStorageFunctionResponseUrls = {
	"image/png": [/^gs:\/\/.*$/],
	"image/jpeg": [/^gs:\/\/.*$/],
	"image/webp": [/^gs:\/\/.*$/],
	"application/pdf": [/^gs:\/\/.*$/],
	"text/plain": [/^gs:\/\/.*$/]
};
var GoogleGenerativeAILanguageModel = class {
	constructor(modelId, config) {
		this.specificationVersion = "v3";
		var _a2;
		this.modelId = modelId;
		this.config = config;
		this.generateId = (_a2 = config.generateId) != null ? _a2 : generateId;
	}
	get provider() {
		return this.config.provider;
	}
	get supportedUrls() {
		var _a2, _b, _c;
		return (_c = (_b = (_a2 = this.config).supportedUrls) == null ? void 0 : _b.call(_a2)) != null ? _c : {};
	}
	async getArgs({ prompt, maxOutputTokens, temperature, topP, topK, frequencyPenalty, presencePenalty, stopSequences, responseFormat, seed, tools, toolChoice, providerOptions, abortSignal }, { isStreaming = false } = {}) {
		var _a2, _b, _c;
		const warnings = [];
		const providerOptionsName = this.config.provider.includes("vertex") ? "vertex" : "google";
		let googleOptions = await parseProviderOptions({
			provider: providerOptionsName,
			providerOptions,
			schema: googleLanguageModelOptions
		});
		if (googleOptions == null && providerOptionsName !== "google") googleOptions = await parseProviderOptions({
			provider: "google",
			providerOptions,
			schema: googleLanguageModelOptions
		});
		const isVertexProvider = this.config.provider.startsWith("google.vertex.");
		if ((tools == null ? void 0 : tools.some((tool) => tool.type === "provider" && tool.id === "google.vertex_rag_store")) && !isVertexProvider) warnings.push({
			type: "other",
			message: `The 'vertex_rag_store' tool is only supported with the Google Vertex provider and might not be supported or could behave unexpectedly with the current Google provider (${this.config.provider}).`
		});
		if ((googleOptions == null ? void 0 : googleOptions.streamFunctionCallArguments) && !isVertexProvider) warnings.push({
			type: "other",
			message: `'streamFunctionCallArguments' is only supported on the Vertex AI API and will be ignored with the current Google provider (${this.config.provider}). See https://docs.cloud.google.com/vertex-ai/generative-ai/docs/multimodal/function-calling#streaming-fc`
		});
		if ((googleOptions == null ? void 0 : googleOptions.serviceTier) && isVertexProvider) warnings.push({
			type: "other",
			message: "'serviceTier' is a Gemini API option and is not supported on Vertex AI. Use 'sharedRequestType' (and optionally 'requestType') instead. See https://docs.cloud.google.com/vertex-ai/generative-ai/docs/priority-paygo"
		});
		if (((googleOptions == null ? void 0 : googleOptions.sharedRequestType) || (googleOptions == null ? void 0 : googleOptions.requestType)) && !isVertexProvider) warnings.push({
			type: "other",
			message: `'sharedRequestType' and 'requestType' are Vertex AI options and are ignored with the current Google provider (${this.config.provider}).`
		});
		const vertexPaygoHeaders = isVertexProvider && ((googleOptions == null ? void 0 : googleOptions.sharedRequestType) || (googleOptions == null ? void 0 : googleOptions.requestType)) ? {
			...googleOptions.sharedRequestType && { "X-Vertex-AI-LLM-Shared-Request-Type": googleOptions.sharedRequestType },
			...googleOptions.requestType && { "X-Vertex-AI-LLM-Request-Type": googleOptions.requestType }
		} : void 0;
		const bodyServiceTier = isVertexProvider ? void 0 : googleOptions == null ? void 0 : googleOptions.serviceTier;
		let imageConfig = googleOptions == null ? void 0 : googleOptions.imageConfig;
		if (imageConfig != null && !isVertexProvider) {
			const { personGeneration, prominentPeople, imageOutputOptions, ...geminiApiImageConfig } = imageConfig;
			const droppedImageConfigFields = Object.entries({
				personGeneration,
				prominentPeople,
				imageOutputOptions
			}).filter(([, value]) => value != null).map(([key]) => `'imageConfig.${key}'`);
			if (droppedImageConfigFields.length > 0) {
				warnings.push({
					type: "other",
					message: `${droppedImageConfigFields.join(", ")} ${droppedImageConfigFields.length === 1 ? "is a Vertex AI option and is" : "are Vertex AI options and are"} ignored with the current Google provider (${this.config.provider}).`
				});
				imageConfig = geminiApiImageConfig;
			}
		}
		const isGemmaModel = this.modelId.toLowerCase().startsWith("gemma-");
		const isGemini25DeveloperApiModel = !isVertexProvider && gemini25ModelPattern2.test(this.modelId);
		if (isGemini25DeveloperApiModel && frequencyPenalty != null) warnings.push({
			type: "unsupported",
			feature: "frequencyPenalty"
		});
		if (isGemini25DeveloperApiModel && presencePenalty != null) warnings.push({
			type: "unsupported",
			feature: "presencePenalty"
		});
		const { usesGemini3Features } = getGoogleModelCapabilities(this.modelId);
		const supportedFunctionResponseUrls = usesGemini3Features && isVertexProvider ? googleCloudStorageFunctionResponseUrls : void 0;
		const { contents, systemInstruction } = convertToGoogleGenerativeAIMessages(isVertexProvider ? await downloadToolResultFiles(prompt, {
			abortSignal,
			supportedUrls: supportedFunctionResponseUrls
		}) : prompt, {
			isGemmaModel,
			isGemini3Model: usesGemini3Features,
			providerOptionsName,
			supportsFunctionResponseParts: usesGemini3Features,
			onWarning: (warning) => warnings.push(warning),
			includeFunctionCallIds: !isVertexProvider,
			supportedFunctionResponseUrls
		});
		const { tools: googleTools2, toolConfig: googleToolConfig, toolWarnings } = prepareTools({
			tools,
			toolChoice,
			modelId: this.modelId,
			isVertexProvider
		});
		const streamFunctionCallArguments = isStreaming && isVertexProvider ? (_a2 = googleOptions == null ? void 0 : googleOptions.streamFunctionCallArguments) != null ? _a2 : false : void 0;
		const safetyThreshold = googleOptions == null ? void 0 : googleOptions.threshold;
		const safetySettings = (_b = googleOptions == null ? void 0 : googleOptions.safetySettings) != null ? _b : safetyThreshold != null ? configurableSafetySettingCategories.map((category) => ({
			category,
			threshold: safetyThreshold
		})) : void 0;
		const toolConfig = googleToolConfig || streamFunctionCallArguments || (googleOptions == null ? void 0 : googleOptions.retrievalConfig) ? {
			...googleToolConfig,
			...streamFunctionCallArguments && { functionCallingConfig: {
				...googleToolConfig == null ? void 0 : googleToolConfig.functionCallingConfig,
				streamFunctionCallArguments: true
			} },
			...(googleOptions == null ? void 0 : googleOptions.retrievalConfig) && { retrievalConfig: googleOptions.retrievalConfig }
		} : void 0;
		return {
			args: {
				generationConfig: {
					maxOutputTokens,
					temperature,
					topK,
					topP,
					frequencyPenalty: isGemini25DeveloperApiModel ? void 0 : frequencyPenalty,
					presencePenalty: isGemini25DeveloperApiModel ? void 0 : presencePenalty,
					stopSequences,
					seed,
					responseMimeType: (responseFormat == null ? void 0 : responseFormat.type) === "json" ? "application/json" : void 0,
					responseSchema: (responseFormat == null ? void 0 : responseFormat.type) === "json" && responseFormat.schema != null && ((_c = googleOptions == null ? void 0 : googleOptions.structuredOutputs) != null ? _c : true) ? convertJSONSchemaToOpenAPISchema(responseFormat.schema) : void 0,
					...(googleOptions == null ? void 0 : googleOptions.audioTimestamp) && { audioTimestamp: googleOptions.audioTimestamp },
					responseModalities: googleOptions == null ? void 0 : googleOptions.responseModalities,
					thinkingConfig: googleOptions == null ? void 0 : googleOptions.thinkingConfig,
					...(googleOptions == null ? void 0 : googleOptions.mediaResolution) && { mediaResolution: googleOptions.mediaResolution },
					...imageConfig && { imageConfig }
				},
				contents,
				systemInstruction: isGemmaModel ? void 0 : systemInstruction,
				safetySettings,
				tools: googleTools2,
				toolConfig,
				cachedContent: googleOptions == null ? void 0 : googleOptions.cachedContent,
				labels: googleOptions == null ? void 0 : googleOptions.labels,
				serviceTier: bodyServiceTier,
				...(googleOptions == null ? void 0 : googleOptions.continuationToken) != null && { continuationToken: googleOptions.continuationToken }
			},
			warnings: [...warnings, ...toolWarnings],
			providerOptionsName,
			extraHeaders: vertexPaygoHeaders
		};
	}
	async doGenerate(options) {
		var _a2, _b, _c, _d, _e, _f, _g, _h, _i, _j, _k, _l, _m, _n, _o, _p, _q, _r, _s, _t, _u, _v, _w, _x, _y, _z, _A, _B;
		const { args, warnings, providerOptionsName, extraHeaders } = await this.getArgs(options);
		const mergedHeaders = combineHeaders(await resolve(this.config.headers), options.headers, extraHeaders);
		const generateContent = (body) => postJsonToApi({
			url: `${this.config.baseURL}/${getModelPath(this.modelId)}:generateContent`,
			headers: mergedHeaders,
			body,
			failedResponseHandler: googleFailedResponseHandler,
			successfulResponseHandler: createJsonResponseHandler(responseSchema),
			abortSignal: options.abortSignal,
			fetch: this.config.fetch
		});
		let { responseHeaders, value: response, rawValue: rawResponse } = await generateContent(args);
		const continuedParts = [];
		const groundingMetadataPerRequest = [];
		let continuedUsageMetadata;
		const firstPromptTokenCount = (_a2 = response.usageMetadata) == null ? void 0 : _a2.promptTokenCount;
		while (true) {
			const candidate2 = (_b = response.candidates) == null ? void 0 : _b[0];
			groundingMetadataPerRequest.push((_c = candidate2 == null ? void 0 : candidate2.groundingMetadata) != null ? _c : null);
			const continuationToken = (candidate2 == null ? void 0 : candidate2.finishReason) === "CONTINUATION" ? candidate2.continuationToken : void 0;
			if (continuationToken == null) break;
			continuedParts.push(...(_e = (_d = candidate2 == null ? void 0 : candidate2.content) == null ? void 0 : _d.parts) != null ? _e : []);
			continuedUsageMetadata = addGoogleGenerativeAIUsageMetadata(continuedUsageMetadata, (_f = response.usageMetadata) != null ? _f : void 0);
			({responseHeaders, value: response, rawValue: rawResponse} = await generateContent({
				...args,
				continuationToken
			}));
		}
		const candidate = (_g = response.candidates) == null ? void 0 : _g[0];
		const promptBlockReason = (_h = response.promptFeedback) == null ? void 0 : _h.blockReason;
		const confirmedPromptBlockReason = isConfirmedPromptBlockReason(promptBlockReason) ? promptBlockReason : void 0;
		const isPromptBlocked = (candidate == null ? void 0 : candidate.finishReason) == null && confirmedPromptBlockReason != null;
		const rawFinishReason = (_i = candidate == null ? void 0 : candidate.finishReason) != null ? _i : confirmedPromptBlockReason;
		const content = [];
		const parts = [...continuedParts, ...(_k = (_j = candidate == null ? void 0 : candidate.content) == null ? void 0 : _j.parts) != null ? _k : []];
		const usageMetadata = addGoogleGenerativeAIUsageMetadata(continuedUsageMetadata, (_l = response.usageMetadata) != null ? _l : void 0);
		let lastCodeExecutionToolCallId;
		let lastServerToolCallId;
		for (const part of parts) if ("executableCode" in part && ((_m = part.executableCode) == null ? void 0 : _m.code)) {
			const toolCallId = this.config.generateId();
			lastCodeExecutionToolCallId = toolCallId;
			content.push({
				type: "tool-call",
				toolCallId,
				toolName: "code_execution",
				input: JSON.stringify(part.executableCode),
				providerExecuted: true
			});
		} else if ("codeExecutionResult" in part && part.codeExecutionResult) content.push({
			type: "tool-result",
			toolCallId: lastCodeExecutionToolCallId,
			toolName: "code_execution",
			result: {
				outcome: part.codeExecutionResult.outcome,
				output: (_n = part.codeExecutionResult.output) != null ? _n : ""
			}
		});
		else if ("text" in part && part.text != null) {
			const thoughtSignatureMetadata = part.thoughtSignature ? { [providerOptionsName]: { thoughtSignature: part.thoughtSignature } } : void 0;
			if (part.text.length === 0) {
				if (thoughtSignatureMetadata != null && content.length > 0) {
					const lastContent = content[content.length - 1];
					lastContent.providerMetadata = thoughtSignatureMetadata;
				}
			} else content.push({
				type: part.thought === true ? "reasoning" : "text",
				text: part.text,
				providerMetadata: thoughtSignatureMetadata
			});
		} else if ("functionCall" in part && part.functionCall.name != null) content.push({
			type: "tool-call",
			toolCallId: (_o = part.functionCall.id) != null ? _o : this.config.generateId(),
			toolName: part.functionCall.name,
			input: JSON.stringify((_p = part.functionCall.args) != null ? _p : {}),
			providerMetadata: part.thoughtSignature ? { [providerOptionsName]: { thoughtSignature: part.thoughtSignature } } : void 0
		});
		else if ("inlineData" in part) {
			const hasThought = part.thought === true;
			const hasThoughtSignature = !!part.thoughtSignature;
			content.push({
				type: "file",
				data: part.inlineData.data,
				mediaType: part.inlineData.mimeType,
				providerMetadata: hasThought || hasThoughtSignature ? { [providerOptionsName]: {
					...hasThought ? { thought: true } : {},
					...hasThoughtSignature ? { thoughtSignature: part.thoughtSignature } : {}
				} } : void 0
			});
		} else if ("toolCall" in part && part.toolCall) {
			const toolCallId = (_q = part.toolCall.id) != null ? _q : this.config.generateId();
			lastServerToolCallId = toolCallId;
			content.push({
				type: "tool-call",
				toolCallId,
				toolName: `server:${part.toolCall.toolType}`,
				input: JSON.stringify((_r = part.toolCall.args) != null ? _r : {}),
				providerExecuted: true,
				dynamic: true,
				providerMetadata: part.thoughtSignature ? { [providerOptionsName]: {
					thoughtSignature: part.thoughtSignature,
					serverToolCallId: toolCallId,
					serverToolType: part.toolCall.toolType
				} } : { [providerOptionsName]: {
					serverToolCallId: toolCallId,
					serverToolType: part.toolCall.toolType
				} }
			});
		} else if ("toolResponse" in part && part.toolResponse) {
			const responseToolCallId = (_s = lastServerToolCallId != null ? lastServerToolCallId : part.toolResponse.id) != null ? _s : this.config.generateId();
			content.push({
				type: "tool-result",
				toolCallId: responseToolCallId,
				toolName: `server:${part.toolResponse.toolType}`,
				result: (_t = part.toolResponse.response) != null ? _t : {},
				providerMetadata: part.thoughtSignature ? { [providerOptionsName]: {
					thoughtSignature: part.thoughtSignature,
					serverToolCallId: responseToolCallId,
					serverToolType: part.toolResponse.toolType
				} } : { [providerOptionsName]: {
					serverToolCallId: responseToolCallId,
					serverToolType: part.toolResponse.toolType
				} }
			});
			lastServerToolCallId = void 0;
		}
		const sources = (_u = extractSources({
			groundingMetadata: candidate == null ? void 0 : candidate.groundingMetadata,
			generateId: this.config.generateId
		})) != null ? _u : [];
		for (const source of sources) content.push(source);
		return {
			content,
			finishReason: {
				unified: isPromptBlocked ? "content-filter" : mapGoogleGenerativeAIFinishReason({
					finishReason: rawFinishReason,
					hasToolCalls: content.some((part) => part.type === "tool-call" && !part.providerExecuted)
				}),
				raw: rawFinishReason
			},
			usage: convertGoogleGenerativeAIUsage(usageMetadata),
			warnings,
			providerMetadata: { [providerOptionsName]: {
				promptFeedback: (_v = response.promptFeedback) != null ? _v : null,
				groundingMetadata: (_w = candidate == null ? void 0 : candidate.groundingMetadata) != null ? _w : null,
				...groundingMetadataPerRequest.length > 1 ? { groundingMetadataPerRequest } : {},
				urlContextMetadata: (_x = candidate == null ? void 0 : candidate.urlContextMetadata) != null ? _x : null,
				safetyRatings: (_y = candidate == null ? void 0 : candidate.safetyRatings) != null ? _y : null,
				usageMetadata: usageMetadata != null ? usageMetadata : null,
				finishMessage: (_z = candidate == null ? void 0 : candidate.finishMessage) != null ? _z : null,
				serviceTier: (_A = usageMetadata == null ? void 0 : usageMetadata.serviceTier) != null ? _A : null,
				...(candidate == null ? void 0 : candidate.continuationToken) != null && rawFinishReason === "MAX_TOKENS" ? { continuationToken: candidate.continuationToken } : {},
				...continuedUsageMetadata != null && firstPromptTokenCount != null ? { initialPromptTokenCount: firstPromptTokenCount } : {}
			} },
			request: { body: args },
			response: {
				id: (_B = response.responseId) != null ? _B : void 0,
				headers: responseHeaders,
				body: rawResponse
			}
		};
	}
	async doStream(options) {
		const { args, warnings, providerOptionsName, extraHeaders } = await this.getArgs(options, { isStreaming: true });
		const headers = combineHeaders(await resolve(this.config.headers), options.headers, extraHeaders);
		const url = `${this.config.baseURL}/${getModelPath(this.modelId)}:streamGenerateContent?alt=sse`;
		const streamGenerateContent = (body) => postJsonToApi({
			url,
			headers,
			body,
			failedResponseHandler: googleFailedResponseHandler,
			successfulResponseHandler: createEventSourceResponseHandler(chunkSchema),
			abortSignal: options.abortSignal,
			fetch: this.config.fetch
		});
		const { responseHeaders, value: firstResponse } = await streamGenerateContent(args);
		const groundingMetadataPerRequest = [];
		let requestGroundingMetadata = null;
		const response = continueGoogleStream({
			stream: firstResponse,
			getContinuationToken: (chunk) => {
				var _a2, _b;
				const candidate = (_a2 = chunk.candidates) == null ? void 0 : _a2[0];
				if ((candidate == null ? void 0 : candidate.groundingMetadata) != null) requestGroundingMetadata = candidate.groundingMetadata;
				return (candidate == null ? void 0 : candidate.finishReason) === "CONTINUATION" ? (_b = candidate.continuationToken) != null ? _b : void 0 : void 0;
			},
			continueStream: async (continuationToken) => {
				const { value } = await streamGenerateContent({
					...args,
					continuationToken
				});
				groundingMetadataPerRequest.push(requestGroundingMetadata);
				requestGroundingMetadata = null;
				return value;
			}
		});
		let finishReason = {
			unified: "other",
			raw: void 0
		};
		let usage = void 0;
		let continuedUsage = void 0;
		let initialPromptTokenCount = void 0;
		let promptFeedback = null;
		let lastGroundingMetadata = null;
		let lastUrlContextMetadata = null;
		let lastSafetyRatings = null;
		let lastFinishMessage = null;
		let lastContinuationToken = null;
		let confirmedPromptBlockReason;
		const generateId3 = this.config.generateId;
		let hasToolCalls = false;
		let hasEmittedResponseMetadata = false;
		let currentTextBlockId = null;
		let currentReasoningBlockId = null;
		let blockCounter = 0;
		const emittedSourceUrls = /* @__PURE__ */ new Set();
		let lastCodeExecutionToolCallId;
		let lastServerToolCallId;
		const activeStreamingToolCalls = [];
		const finishActiveStreamingToolCall = (controller) => {
			const active = activeStreamingToolCalls.pop();
			if (active == null) return;
			const { finalJSON, closingDelta } = active.accumulator.finalize();
			if (closingDelta.length > 0) controller.enqueue({
				type: "tool-input-delta",
				id: active.toolCallId,
				delta: closingDelta,
				providerMetadata: active.providerMetadata
			});
			controller.enqueue({
				type: "tool-input-end",
				id: active.toolCallId,
				providerMetadata: active.providerMetadata
			});
			controller.enqueue({
				type: "tool-call",
				toolCallId: active.toolCallId,
				toolName: active.toolName,
				input: finalJSON,
				providerMetadata: active.providerMetadata
			});
			hasToolCalls = true;
		};
		return {
			stream: response.pipeThrough(new TransformStream({
				start(controller) {
					controller.enqueue({
						type: "stream-start",
						warnings
					});
				},
				transform(chunk, controller) {
					var _a2, _b, _c, _d, _e, _f, _g, _h, _i, _j, _k, _l, _m;
					if (options.includeRawChunks) controller.enqueue({
						type: "raw",
						rawValue: chunk.rawValue
					});
					if (!chunk.success) {
						controller.enqueue({
							type: "error",
							error: chunk.error
						});
						return;
					}
					const value = chunk.value;
					if (value.error != null) {
						finishReason = {
							unified: "error",
							raw: void 0
						};
						const error = value.error;
						controller.enqueue({
							type: "error",
							error: new APICallError({
								message: error.message,
								url,
								requestBodyValues: args,
								statusCode: (_a2 = error.code) != null ? _a2 : mapGoogleErrorStatusToHttpStatusCode(error.status),
								responseHeaders,
								responseBody: JSON.stringify({ error }),
								data: error
							})
						});
						return;
					}
					if (!hasEmittedResponseMetadata && value.responseId != null) {
						hasEmittedResponseMetadata = true;
						controller.enqueue({
							type: "response-metadata",
							id: value.responseId
						});
					}
					const usageMetadata = value.usageMetadata;
					if (usageMetadata != null) usage = usageMetadata;
					if (value.promptFeedback != null && confirmedPromptBlockReason == null) {
						promptFeedback = value.promptFeedback;
						if (isConfirmedPromptBlockReason(value.promptFeedback.blockReason)) {
							confirmedPromptBlockReason = value.promptFeedback.blockReason;
							finishReason = {
								unified: "content-filter",
								raw: confirmedPromptBlockReason
							};
						}
					}
					const candidate = (_b = value.candidates) == null ? void 0 : _b[0];
					if (candidate != null) {
						if (candidate.groundingMetadata != null) lastGroundingMetadata = candidate.groundingMetadata;
						if (candidate.urlContextMetadata != null) lastUrlContextMetadata = candidate.urlContextMetadata;
						if (candidate.safetyRatings != null) lastSafetyRatings = candidate.safetyRatings;
						if (candidate.finishMessage != null) lastFinishMessage = candidate.finishMessage;
						if (candidate.continuationToken != null) lastContinuationToken = candidate.continuationToken;
					}
					if (confirmedPromptBlockReason != null || candidate == null) return;
					const content = candidate.content;
					const sources = extractSources({
						groundingMetadata: candidate.groundingMetadata,
						generateId: generateId3
					});
					if (sources != null) {
						for (const source of sources) if (source.sourceType === "url" && !emittedSourceUrls.has(source.url)) {
							emittedSourceUrls.add(source.url);
							controller.enqueue(source);
						}
					}
					if (content != null) {
						const parts = (_c = content.parts) != null ? _c : [];
						for (const part of parts) if ("executableCode" in part && ((_d = part.executableCode) == null ? void 0 : _d.code)) {
							const toolCallId = generateId3();
							lastCodeExecutionToolCallId = toolCallId;
							controller.enqueue({
								type: "tool-call",
								toolCallId,
								toolName: "code_execution",
								input: JSON.stringify(part.executableCode),
								providerExecuted: true
							});
						} else if ("codeExecutionResult" in part && part.codeExecutionResult) {
							const toolCallId = lastCodeExecutionToolCallId;
							if (toolCallId) controller.enqueue({
								type: "tool-result",
								toolCallId,
								toolName: "code_execution",
								result: {
									outcome: part.codeExecutionResult.outcome,
									output: (_e = part.codeExecutionResult.output) != null ? _e : ""
								}
							});
						} else if ("text" in part && part.text != null) {
							const thoughtSignatureMetadata = part.thoughtSignature ? { [providerOptionsName]: { thoughtSignature: part.thoughtSignature } } : void 0;
							if (part.text.length === 0) {
								if (thoughtSignatureMetadata != null && currentTextBlockId !== null) controller.enqueue({
									type: "text-delta",
									id: currentTextBlockId,
									delta: "",
									providerMetadata: thoughtSignatureMetadata
								});
							} else if (part.thought === true) {
								if (currentTextBlockId !== null) {
									controller.enqueue({
										type: "text-end",
										id: currentTextBlockId
									});
									currentTextBlockId = null;
								}
								if (currentReasoningBlockId === null) {
									currentReasoningBlockId = String(blockCounter++);
									controller.enqueue({
										type: "reasoning-start",
										id: currentReasoningBlockId,
										providerMetadata: thoughtSignatureMetadata
									});
								}
								controller.enqueue({
									type: "reasoning-delta",
									id: currentReasoningBlockId,
									delta: part.text,
									providerMetadata: thoughtSignatureMetadata
								});
							} else {
								if (currentReasoningBlockId !== null) {
									controller.enqueue({
										type: "reasoning-end",
										id: currentReasoningBlockId
									});
									currentReasoningBlockId = null;
								}
								if (currentTextBlockId === null) {
									currentTextBlockId = String(blockCounter++);
									controller.enqueue({
										type: "text-start",
										id: currentTextBlockId,
										providerMetadata: thoughtSignatureMetadata
									});
								}
								controller.enqueue({
									type: "text-delta",
									id: currentTextBlockId,
									delta: part.text,
									providerMetadata: thoughtSignatureMetadata
								});
							}
						} else if ("inlineData" in part) {
							if (currentTextBlockId !== null) {
								controller.enqueue({
									type: "text-end",
									id: currentTextBlockId
								});
								currentTextBlockId = null;
							}
							if (currentReasoningBlockId !== null) {
								controller.enqueue({
									type: "reasoning-end",
									id: currentReasoningBlockId
								});
								currentReasoningBlockId = null;
							}
							const hasThought = part.thought === true;
							const hasThoughtSignature = !!part.thoughtSignature;
							const fileMeta = hasThought || hasThoughtSignature ? { [providerOptionsName]: {
								...hasThought ? { thought: true } : {},
								...hasThoughtSignature ? { thoughtSignature: part.thoughtSignature } : {}
							} } : void 0;
							controller.enqueue({
								type: "file",
								mediaType: part.inlineData.mimeType,
								data: part.inlineData.data,
								providerMetadata: fileMeta
							});
						} else if ("toolCall" in part && part.toolCall) {
							const toolCallId = (_f = part.toolCall.id) != null ? _f : generateId3();
							lastServerToolCallId = toolCallId;
							const serverMeta = { [providerOptionsName]: {
								...part.thoughtSignature ? { thoughtSignature: part.thoughtSignature } : {},
								serverToolCallId: toolCallId,
								serverToolType: part.toolCall.toolType
							} };
							controller.enqueue({
								type: "tool-call",
								toolCallId,
								toolName: `server:${part.toolCall.toolType}`,
								input: JSON.stringify((_g = part.toolCall.args) != null ? _g : {}),
								providerExecuted: true,
								dynamic: true,
								providerMetadata: serverMeta
							});
						} else if ("toolResponse" in part && part.toolResponse) {
							const responseToolCallId = (_h = lastServerToolCallId != null ? lastServerToolCallId : part.toolResponse.id) != null ? _h : generateId3();
							const serverMeta = { [providerOptionsName]: {
								...part.thoughtSignature ? { thoughtSignature: part.thoughtSignature } : {},
								serverToolCallId: responseToolCallId,
								serverToolType: part.toolResponse.toolType
							} };
							controller.enqueue({
								type: "tool-result",
								toolCallId: responseToolCallId,
								toolName: `server:${part.toolResponse.toolType}`,
								result: (_i = part.toolResponse.response) != null ? _i : {},
								providerMetadata: serverMeta
							});
							lastServerToolCallId = void 0;
						}
						for (const part of parts) {
							if (!("functionCall" in part)) continue;
							const providerMeta = part.thoughtSignature ? { [providerOptionsName]: { thoughtSignature: part.thoughtSignature } } : void 0;
							const isStreamingChunk = part.functionCall.partialArgs != null || part.functionCall.name != null && part.functionCall.willContinue === true;
							const isTerminalChunk = part.functionCall.name == null && part.functionCall.args == null && part.functionCall.partialArgs == null && part.functionCall.willContinue == null;
							const isCompleteCall = part.functionCall.name != null && part.functionCall.args != null && part.functionCall.partialArgs == null;
							const isNoArgsCompleteCall = part.functionCall.name != null && part.functionCall.args == null && part.functionCall.partialArgs == null && part.functionCall.willContinue !== true;
							if (isStreamingChunk) {
								if (part.functionCall.name != null) {
									const toolCallId = (_j = part.functionCall.id) != null ? _j : generateId3();
									const accumulator = new GoogleJSONAccumulator();
									activeStreamingToolCalls.push({
										toolCallId,
										toolName: part.functionCall.name,
										accumulator,
										providerMetadata: providerMeta
									});
									controller.enqueue({
										type: "tool-input-start",
										id: toolCallId,
										toolName: part.functionCall.name,
										providerMetadata: providerMeta
									});
									if (part.functionCall.partialArgs != null) {
										const partialArgs = part.functionCall.partialArgs;
										const { textDelta } = accumulator.processPartialArgs(partialArgs);
										if (textDelta.length > 0) controller.enqueue({
											type: "tool-input-delta",
											id: toolCallId,
											delta: textDelta,
											providerMetadata: providerMeta
										});
										if (part.functionCall.willContinue !== true && partialArgs.every((arg) => arg.willContinue !== true)) finishActiveStreamingToolCall(controller);
									}
								} else if (part.functionCall.partialArgs != null && activeStreamingToolCalls.length > 0) {
									const active = activeStreamingToolCalls[activeStreamingToolCalls.length - 1];
									const partialArgs = part.functionCall.partialArgs;
									const { textDelta } = active.accumulator.processPartialArgs(partialArgs);
									if (textDelta.length > 0) controller.enqueue({
										type: "tool-input-delta",
										id: active.toolCallId,
										delta: textDelta,
										providerMetadata: providerMeta
									});
									if (part.functionCall.willContinue !== true && partialArgs.every((arg) => arg.willContinue !== true)) finishActiveStreamingToolCall(controller);
								}
							} else if (isTerminalChunk && activeStreamingToolCalls.length > 0) finishActiveStreamingToolCall(controller);
							else if (isCompleteCall) {
								const toolCallId = (_k = part.functionCall.id) != null ? _k : generateId3();
								const toolName = part.functionCall.name;
								const args2 = typeof part.functionCall.args === "string" ? part.functionCall.args : JSON.stringify((_l = part.functionCall.args) != null ? _l : {});
								controller.enqueue({
									type: "tool-input-start",
									id: toolCallId,
									toolName,
									providerMetadata: providerMeta
								});
								controller.enqueue({
									type: "tool-input-delta",
									id: toolCallId,
									delta: args2,
									providerMetadata: providerMeta
								});
								controller.enqueue({
									type: "tool-input-end",
									id: toolCallId,
									providerMetadata: providerMeta
								});
								controller.enqueue({
									type: "tool-call",
									toolCallId,
									toolName,
									input: args2,
									providerMetadata: providerMeta
								});
								hasToolCalls = true;
							} else if (isNoArgsCompleteCall) {
								const toolCallId = (_m = part.functionCall.id) != null ? _m : generateId3();
								const toolName = part.functionCall.name;
								controller.enqueue({
									type: "tool-input-start",
									id: toolCallId,
									toolName,
									providerMetadata: providerMeta
								});
								controller.enqueue({
									type: "tool-input-end",
									id: toolCallId,
									providerMetadata: providerMeta
								});
								controller.enqueue({
									type: "tool-call",
									toolCallId,
									toolName,
									input: "{}",
									providerMetadata: providerMeta
								});
								hasToolCalls = true;
							}
						}
					}
					if (candidate.finishReason === "CONTINUATION") {
						if (continuedUsage == null) initialPromptTokenCount = usage == null ? void 0 : usage.promptTokenCount;
						continuedUsage = addGoogleGenerativeAIUsageMetadata(continuedUsage, usage);
						usage = void 0;
					}
					if (candidate.finishReason != null) finishReason = {
						unified: mapGoogleGenerativeAIFinishReason({
							finishReason: candidate.finishReason,
							hasToolCalls
						}),
						raw: candidate.finishReason
					};
				},
				flush(controller) {
					var _a2;
					usage = addGoogleGenerativeAIUsageMetadata(continuedUsage, usage);
					if (currentTextBlockId !== null) controller.enqueue({
						type: "text-end",
						id: currentTextBlockId
					});
					if (currentReasoningBlockId !== null) controller.enqueue({
						type: "reasoning-end",
						id: currentReasoningBlockId
					});
					controller.enqueue({
						type: "finish",
						finishReason,
						usage: convertGoogleGenerativeAIUsage(usage),
						providerMetadata: { [providerOptionsName]: {
							promptFeedback,
							groundingMetadata: lastGroundingMetadata,
							...groundingMetadataPerRequest.length > 0 ? { groundingMetadataPerRequest: [...groundingMetadataPerRequest, requestGroundingMetadata] } : {},
							urlContextMetadata: lastUrlContextMetadata,
							safetyRatings: lastSafetyRatings,
							usageMetadata: usage != null ? usage : null,
							finishMessage: lastFinishMessage,
							serviceTier: (_a2 = usage == null ? void 0 : usage.serviceTier) != null ? _a2 : null,
							...lastContinuationToken != null && (finishReason.raw === "MAX_TOKENS" || finishReason.raw === "CONTINUATION") ? { continuationToken: lastContinuationToken } : {},
							...initialPromptTokenCount != null ? { initialPromptTokenCount } : {}
						} }
					});
				}
			})),
			response: { headers: responseHeaders },
			request: { body: args }
		};
	}
};
function extractSources({ groundingMetadata, generateId: generateId3 }) {
	var _a2, _b, _c, _d, _e, _f;
	if (!(groundingMetadata == null ? void 0 : groundingMetadata.groundingChunks)) return;
	const sources = [];
	for (const chunk of groundingMetadata.groundingChunks) if (chunk.web != null) sources.push({
		type: "source",
		sourceType: "url",
		id: generateId3(),
		url: chunk.web.uri,
		title: (_a2 = chunk.web.title) != null ? _a2 : void 0
	});
	else if (chunk.image != null) sources.push({
		type: "source",
		sourceType: "url",
		id: generateId3(),
		url: chunk.image.sourceUri,
		title: (_b = chunk.image.title) != null ? _b : void 0
	});
	else if (chunk.retrievedContext != null) {
		const uri = chunk.retrievedContext.uri;
		const fileSearchStore = chunk.retrievedContext.fileSearchStore;
		if (uri && (uri.startsWith("http://") || uri.startsWith("https://"))) sources.push({
			type: "source",
			sourceType: "url",
			id: generateId3(),
			url: uri,
			title: (_c = chunk.retrievedContext.title) != null ? _c : void 0
		});
		else if (uri) {
			const title = (_d = chunk.retrievedContext.title) != null ? _d : "Unknown Document";
			let mediaType = "application/octet-stream";
			let filename = void 0;
			if (uri.endsWith(".pdf")) {
				mediaType = "application/pdf";
				filename = uri.split("/").pop();
			} else if (uri.endsWith(".txt")) {
				mediaType = "text/plain";
				filename = uri.split("/").pop();
			} else if (uri.endsWith(".docx")) {
				mediaType = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
				filename = uri.split("/").pop();
			} else if (uri.endsWith(".doc")) {
				mediaType = "application/msword";
				filename = uri.split("/").pop();
			} else if (uri.match(/\.(md|markdown)$/)) {
				mediaType = "text/markdown";
				filename = uri.split("/").pop();
			} else filename = uri.split("/").pop();
			sources.push({
				type: "source",
				sourceType: "document",
				id: generateId3(),
				mediaType,
				title,
				filename
			});
		} else if (fileSearchStore) {
			const title = (_e = chunk.retrievedContext.title) != null ? _e : "Unknown Document";
			sources.push({
				type: "source",
				sourceType: "document",
				id: generateId3(),
				mediaType: "application/octet-stream",
				title,
				filename: fileSearchStore.split("/").pop()
			});
		}
	} else if (chunk.maps != null) {
		if (chunk.maps.uri) sources.push({
			type: "source",
			sourceType: "url",
			id: generateId3(),
			url: chunk.maps.uri,
			title: (_f = chunk.maps.title) != null ? _f : void 0
		});
	}
	return sources.length > 0 ? sources : void 0;
}
var getGroundingMetadataSchema = () => object({
	webSearchQueries: array(string()).nullish(),
	imageSearchQueries: array(string()).nullish(),
	retrievalQueries: array(string()).nullish(),
	searchEntryPoint: object({ renderedContent: string() }).nullish(),
	groundingChunks: array(object({
		web: object({
			uri: string(),
			title: string().nullish()
		}).nullish(),
		image: object({
			sourceUri: string(),
			imageUri: string(),
			title: string().nullish(),
			domain: string().nullish()
		}).nullish(),
		retrievedContext: object({
			uri: string().nullish(),
			title: string().nullish(),
			text: string().nullish(),
			fileSearchStore: string().nullish(),
			customMetadata: array(object({
				key: string(),
				stringValue: string().nullish(),
				numericValue: number().nullish(),
				stringListValue: object({ values: array(string()).nullish() }).nullish()
			})).nullish()
		}).nullish(),
		maps: object({
			uri: string().nullish(),
			title: string().nullish(),
			text: string().nullish(),
			placeId: string().nullish()
		}).nullish()
	})).nullish(),
	groundingSupports: array(object({
		segment: object({
			startIndex: number().nullish(),
			endIndex: number().nullish(),
			text: string().nullish()
		}).nullish(),
		segment_text: string().nullish(),
		groundingChunkIndices: array(number()).nullish(),
		supportChunkIndices: array(number()).nullish(),
		confidenceScores: array(number()).nullish(),
		confidenceScore: array(number()).nullish()
	})).nullish(),
	retrievalMetadata: union([object({ webDynamicRetrievalScore: number() }), object({})]).nullish()
});
var partialArgSchema = () => object({
	jsonPath: string(),
	stringValue: string().nullish(),
	numberValue: number().nullish(),
	boolValue: boolean().nullish(),
	nullValue: unknown().nullish(),
	willContinue: boolean().nullish()
});
var getContentSchema = () => object({ parts: array(union([
	object({
		functionCall: object({
			id: string().nullish(),
			name: string().nullish(),
			args: unknown().nullish(),
			partialArgs: array(partialArgSchema()).nullish(),
			willContinue: boolean().nullish()
		}),
		thoughtSignature: string().nullish()
	}),
	object({
		inlineData: object({
			mimeType: string(),
			data: string()
		}),
		thought: boolean().nullish(),
		thoughtSignature: string().nullish()
	}),
	object({
		toolCall: object({
			toolType: string(),
			args: unknown().nullish(),
			id: string()
		}),
		thoughtSignature: string().nullish()
	}),
	object({
		toolResponse: object({
			toolType: string(),
			response: unknown().nullish(),
			id: string()
		}),
		thoughtSignature: string().nullish()
	}),
	object({
		executableCode: object({
			language: string(),
			code: string()
		}).nullish(),
		codeExecutionResult: object({
			outcome: string(),
			output: string().nullish()
		}).nullish(),
		text: string().nullish(),
		thought: boolean().nullish(),
		thoughtSignature: string().nullish()
	})
])).nullish() });
var getSafetyRatingSchema = () => object({
	category: string().nullish(),
	probability: string().nullish(),
	probabilityScore: number().nullish(),
	severity: string().nullish(),
	severityScore: number().nullish(),
	blocked: boolean().nullish()
});
var tokenDetailsSchema = () => array(object({
	modality: string(),
	tokenCount: number()
}).catchall(json())).nullish();
var usageSchema = () => object({
	cachedContentTokenCount: number().nullish(),
	thoughtsTokenCount: number().nullish(),
	promptTokenCount: number().nullish(),
	candidatesTokenCount: number().nullish(),
	toolUsePromptTokenCount: number().nullish(),
	totalTokenCount: number().nullish(),
	trafficType: string().nullish(),
	serviceTier: string().nullish(),
	promptTokensDetails: tokenDetailsSchema(),
	cacheTokensDetails: tokenDetailsSchema(),
	candidatesTokensDetails: tokenDetailsSchema(),
	toolUsePromptTokensDetails: tokenDetailsSchema()
}).catchall(json());
var getUrlContextMetadataSchema = () => object({ urlMetadata: array(object({
	retrievedUrl: string(),
	urlRetrievalStatus: string()
})).nullish() });
var responseSchema = lazySchema(() => zodSchema(object({
	responseId: string().nullish(),
	candidates: array(object({
		content: getContentSchema().nullish().or(object({}).strict()),
		finishReason: string().nullish(),
		finishMessage: string().nullish(),
		continuationToken: string().nullish(),
		safetyRatings: array(getSafetyRatingSchema()).nullish(),
		groundingMetadata: getGroundingMetadataSchema().nullish(),
		urlContextMetadata: getUrlContextMetadataSchema().nullish()
	})).nullish(),
	usageMetadata: usageSchema().nullish(),
	promptFeedback: object({
		blockReason: string().nullish(),
		safetyRatings: array(getSafetyRatingSchema()).nullish()
	}).nullish()
})));
var chunkSchema = lazySchema(() => zodSchema(object({
	error: getGoogleErrorSchema().nullish(),
	responseId: string().nullish(),
	candidates: array(object({
		content: getContentSchema().nullish(),
		finishReason: string().nullish(),
		finishMessage: string().nullish(),
		continuationToken: string().nullish(),
		safetyRatings: array(getSafetyRatingSchema()).nullish(),
		groundingMetadata: getGroundingMetadataSchema().nullish(),
		urlContextMetadata: getUrlContextMetadataSchema().nullish()
	})).nullish(),
	usageMetadata: usageSchema().nullish(),
	promptFeedback: object({
		blockReason: string().nullish(),
		safetyRatings: array(getSafetyRatingSchema()).nullish()
	}).nullish()
})));
function isConfirmedPromptBlockReason(blockReason) {
	return blockReason != null && blockReason !== "" && blockReason !== "BLOCK_REASON_UNSPECIFIED" && blockReason !== "BLOCKED_REASON_UNSPECIFIED";
}
var codeExecution = createProviderToolFactoryWithOutputSchema({
	id: "google.code_execution",
	inputSchema: object({
		language: string().describe("The programming language of the code."),
		code: string().describe("The code to be executed.")
	}),
	outputSchema: object({
		outcome: string().describe("The outcome of the execution (e.g., \"OUTCOME_OK\")."),
		output: string().describe("The output from the code execution.")
	})
});
var enterpriseWebSearch = createProviderToolFactory({
	id: "google.enterprise_web_search",
	inputSchema: lazySchema(() => zodSchema(object({})))
});
var fileSearchArgsBaseSchema = () => object({
	/** The names of the file_search_stores to retrieve from.
	*  Example: `fileSearchStores/my-file-search-store-123`
	*/
	fileSearchStoreNames: array(string()).describe("The names of the file_search_stores to retrieve from. Example: `fileSearchStores/my-file-search-store-123`"),
	/** The number of file search retrieval chunks to retrieve. */
	topK: number().int().positive().describe("The number of file search retrieval chunks to retrieve.").optional(),
	/** Metadata filter to apply to the file search retrieval documents.
	*  See https://google.aip.dev/160 for the syntax of the filter expression.
	*/
	metadataFilter: string().describe("Metadata filter to apply to the file search retrieval documents. See https://google.aip.dev/160 for the syntax of the filter expression.").optional()
}).passthrough();
var fileSearchArgsSchema = lazySchema(() => zodSchema(fileSearchArgsBaseSchema()));
var fileSearch = createProviderToolFactory({
	id: "google.file_search",
	inputSchema: fileSearchArgsSchema
});
var googleMaps = createProviderToolFactory({
	id: "google.google_maps",
	inputSchema: lazySchema(() => zodSchema(object({})))
});
var googleSearchToolArgsBaseSchema = () => object({
	searchTypes: object({
		webSearch: object({}).optional(),
		imageSearch: object({}).optional()
	}).optional(),
	timeRangeFilter: object({
		startTime: string(),
		endTime: string()
	}).optional()
}).passthrough();
var googleSearchToolArgsSchema = lazySchema(() => zodSchema(googleSearchToolArgsBaseSchema()));
var googleTools = {
	/**
	* Creates a Google search tool that gives Google direct access to real-time web content.
	* Must have name "google_search".
	*/
	googleSearch: createProviderToolFactory({
		id: "google.google_search",
		inputSchema: googleSearchToolArgsSchema
	}),
	/**
	* Creates an Enterprise Web Search tool for grounding responses using a compliance-focused web index.
	* Designed for highly-regulated industries (finance, healthcare, public sector).
	* Does not log customer data and supports VPC service controls.
	* Must have name "enterprise_web_search".
	*
	* @note Only available on Vertex AI. Requires Gemini 2.0 or newer.
	*
	* @see https://cloud.google.com/vertex-ai/generative-ai/docs/grounding/web-grounding-enterprise
	*/
	enterpriseWebSearch,
	/**
	* Creates a Google Maps grounding tool that gives the model access to Google Maps data.
	* Must have name "google_maps".
	*
	* @see https://ai.google.dev/gemini-api/docs/maps-grounding
	* @see https://cloud.google.com/vertex-ai/generative-ai/docs/grounding/grounding-with-google-maps
	*/
	googleMaps,
	/**
	* Creates a URL context tool that gives Google direct access to real-time web content.
	* Must have name "url_context".
	*/
	urlContext: createProviderToolFactory({
		id: "google.url_context",
		inputSchema: lazySchema(() => zodSchema(object({})))
	}),
	/**
	* Enables Retrieval Augmented Generation (RAG) via the Gemini File Search tool.
	* Must have name "file_search".
	*
	* @param fileSearchStoreNames - Fully-qualified File Search store resource names.
	* @param metadataFilter - Optional filter expression to restrict the files that can be retrieved.
	* @param topK - Optional result limit for the number of chunks returned from File Search.
	*
	* @see https://ai.google.dev/gemini-api/docs/file-search
	*/
	fileSearch,
	/**
	* A tool that enables the model to generate and run Python code.
	* Must have name "code_execution".
	*
	* @note Ensure the selected model supports Code Execution.
	* Multi-tool usage with the code execution tool is typically compatible with Gemini >=2 models.
	*
	* @see https://ai.google.dev/gemini-api/docs/code-execution (Google AI)
	* @see https://cloud.google.com/vertex-ai/generative-ai/docs/model-reference/code-execution-api (Vertex AI)
	*/
	codeExecution,
	/**
	* Creates a Vertex RAG Store tool that enables the model to perform RAG searches against a Vertex RAG Store.
	* Must have name "vertex_rag_store".
	*/
	vertexRagStore: createProviderToolFactory({
		id: "google.vertex_rag_store",
		inputSchema: object({
			ragCorpus: string(),
			topK: number().optional()
		})
	})
};
var GoogleGenerativeAIImageModel = class {
	constructor(modelId, settings, config) {
		this.modelId = modelId;
		this.settings = settings;
		this.config = config;
		this.specificationVersion = "v3";
	}
	get maxImagesPerCall() {
		if (this.settings.maxImagesPerCall != null) return this.settings.maxImagesPerCall;
		if (isGeminiModel(this.modelId)) return 10;
		return 4;
	}
	get provider() {
		return this.config.provider;
	}
	async doGenerate(options) {
		if (isGeminiModel(this.modelId)) return this.doGenerateGemini(options);
		return this.doGenerateImagen(options);
	}
	async doGenerateImagen(options) {
		var _a2, _b, _c;
		const { prompt, n = 1, size, aspectRatio = "1:1", seed, providerOptions, headers, abortSignal, files, mask } = options;
		const warnings = [];
		if (files != null && files.length > 0) throw new Error("Google Generative AI does not support image editing with Imagen models. Use Google Vertex AI (@ai-sdk/google-vertex) for image editing capabilities.");
		if (mask != null) throw new Error("Google Generative AI does not support image editing with masks. Use Google Vertex AI (@ai-sdk/google-vertex) for image editing capabilities.");
		if (size != null) warnings.push({
			type: "unsupported",
			feature: "size",
			details: "This model does not support the `size` option. Use `aspectRatio` instead."
		});
		if (seed != null) warnings.push({
			type: "unsupported",
			feature: "seed",
			details: "This model does not support the `seed` option through this provider."
		});
		const googleOptions = await parseProviderOptions({
			provider: "google",
			providerOptions,
			schema: googleImageModelOptionsSchema
		});
		const currentDate = (_c = (_b = (_a2 = this.config._internal) == null ? void 0 : _a2.currentDate) == null ? void 0 : _b.call(_a2)) != null ? _c : /* @__PURE__ */ new Date();
		const parameters = { sampleCount: n };
		if (aspectRatio != null) parameters.aspectRatio = aspectRatio;
		if (googleOptions) {
			const { googleSearch: imagenGoogleSearch, ...imagenOptions } = googleOptions;
			if (imagenGoogleSearch != null) warnings.push({
				type: "unsupported",
				feature: "googleSearch",
				details: "Google Search grounding is only supported on Gemini image models."
			});
			Object.assign(parameters, imagenOptions);
		}
		const body = {
			instances: [{ prompt }],
			parameters
		};
		const { responseHeaders, value: response } = await postJsonToApi({
			url: `${this.config.baseURL}/models/${this.modelId}:predict`,
			headers: combineHeaders(await resolve(this.config.headers), headers),
			body,
			failedResponseHandler: googleFailedResponseHandler,
			successfulResponseHandler: createJsonResponseHandler(googleImageResponseSchema),
			abortSignal,
			fetch: this.config.fetch
		});
		const imagePredictions = response.predictions.filter((prediction) => "bytesBase64Encoded" in prediction);
		return {
			images: imagePredictions.map(({ bytesBase64Encoded }) => bytesBase64Encoded),
			...response.predictions.some((prediction) => "raiFilteredReason" in prediction) && { isRetryable: false },
			warnings,
			providerMetadata: { google: { images: imagePredictions.map(() => ({})) } },
			response: {
				timestamp: currentDate,
				modelId: this.modelId,
				headers: responseHeaders
			}
		};
	}
	async doGenerateGemini(options) {
		var _a2, _b, _c, _d, _e, _f, _g, _h, _i, _j, _k;
		const { prompt, n, size, aspectRatio, seed, providerOptions, headers, abortSignal, files, mask } = options;
		const warnings = [];
		if (mask != null) throw new Error("Gemini image models do not support mask-based image editing.");
		if (n != null && n > 1) throw new Error("Gemini image models do not support generating a set number of images per call. Use n=1 or omit the n parameter.");
		if (size != null) warnings.push({
			type: "unsupported",
			feature: "size",
			details: "This model does not support the `size` option. Use `aspectRatio` instead."
		});
		const userContent = [];
		if (prompt != null) userContent.push({
			type: "text",
			text: prompt
		});
		if (files != null && files.length > 0) for (const file of files) if (file.type === "url") userContent.push({
			type: "file",
			data: new URL(file.url),
			mediaType: "image/*"
		});
		else userContent.push({
			type: "file",
			data: typeof file.data === "string" ? file.data : new Uint8Array(file.data),
			mediaType: file.mediaType
		});
		const languageModelPrompt = [{
			role: "user",
			content: userContent
		}];
		const googleImageOptions = await parseProviderOptions({
			provider: "google",
			providerOptions,
			schema: googleImageModelOptionsSchema
		});
		const { googleSearch: _strippedGoogleSearch, ...passthroughGoogleOptions } = (_a2 = providerOptions == null ? void 0 : providerOptions.google) != null ? _a2 : {};
		const result = await new GoogleGenerativeAILanguageModel(this.modelId, {
			provider: this.config.provider,
			baseURL: this.config.baseURL,
			headers: (_b = this.config.headers) != null ? _b : {},
			fetch: this.config.fetch,
			generateId: (_c = this.config.generateId) != null ? _c : generateId
		}).doGenerate({
			prompt: languageModelPrompt,
			seed,
			providerOptions: { google: {
				responseModalities: ["IMAGE"],
				imageConfig: aspectRatio ? { aspectRatio } : void 0,
				...passthroughGoogleOptions
			} },
			tools: (googleImageOptions == null ? void 0 : googleImageOptions.googleSearch) != null ? [{
				type: "provider",
				id: "google.google_search",
				name: "google_search",
				args: googleImageOptions.googleSearch
			}] : void 0,
			headers,
			abortSignal
		});
		const currentDate = (_f = (_e = (_d = this.config._internal) == null ? void 0 : _d.currentDate) == null ? void 0 : _e.call(_d)) != null ? _f : /* @__PURE__ */ new Date();
		const images = [];
		for (const part of result.content) if (part.type === "file" && part.mediaType.startsWith("image/")) images.push(convertToBase64(part.data));
		const languageModelGoogleMetadata = (_h = (_g = result.providerMetadata) == null ? void 0 : _g.google) != null ? _h : {};
		return {
			images,
			...result.finishReason.unified === "content-filter" ? { isRetryable: false } : {},
			warnings,
			providerMetadata: { google: {
				...languageModelGoogleMetadata,
				images: images.map(() => ({}))
			} },
			response: {
				timestamp: currentDate,
				modelId: this.modelId,
				headers: (_i = result.response) == null ? void 0 : _i.headers
			},
			usage: result.usage ? {
				inputTokens: result.usage.inputTokens.total,
				outputTokens: result.usage.outputTokens.total,
				totalTokens: ((_j = result.usage.inputTokens.total) != null ? _j : 0) + ((_k = result.usage.outputTokens.total) != null ? _k : 0)
			} : void 0
		};
	}
};
function isGeminiModel(modelId) {
	return modelId.startsWith("gemini-");
}
var googleImageResponseSchema = lazySchema(() => zodSchema(object({ predictions: array(union([object({ bytesBase64Encoded: string() }), object({ raiFilteredReason: string() })])).default([]) })));
var googleImageModelOptionsSchema = lazySchema(() => zodSchema(object({
	personGeneration: _enum([
		"dont_allow",
		"allow_adult",
		"allow_all"
	]).nullish(),
	aspectRatio: _enum([
		"1:1",
		"3:4",
		"4:3",
		"9:16",
		"16:9"
	]).nullish(),
	/**
	* Enable Google Search grounding for Gemini image models. The value is
	* forwarded as the args of the `google.tools.googleSearch` provider
	* tool on the underlying language-model call. Pass `{}` for defaults.
	*
	* `generateImage` does not accept a `tools` parameter, so this is the
	* dedicated escape hatch for grounding image generation the same way
	* `generateText` does.
	*/
	googleSearch: googleSearchToolArgsBaseSchema().optional()
})));
function getFirstFrameImage(options) {
	var _a2, _b;
	return (_b = (_a2 = options.frameImages) == null ? void 0 : _a2.find((frame) => frame.frameType === "first_frame")) == null ? void 0 : _b.image;
}
function resolveStartImage(options) {
	var _a2;
	return (_a2 = getFirstFrameImage(options)) != null ? _a2 : options.image;
}
function getLastFrameImage(options) {
	var _a2, _b;
	return (_b = (_a2 = options.frameImages) == null ? void 0 : _a2.find((frame) => frame.frameType === "last_frame")) == null ? void 0 : _b.image;
}
function getInputReferences(options) {
	if (options.frameImages != null && options.frameImages.length > 0) return;
	return options.inputReferences != null && options.inputReferences.length > 0 ? options.inputReferences : void 0;
}
function convertFileToGoogleImage(file, warnings) {
	if (file.type === "url") {
		if (file.url.startsWith("gs://")) return {
			gcsUri: file.url,
			mimeType: "image/png"
		};
		warnings.push({
			type: "unsupported",
			feature: "URL-based image input",
			details: "Google Generative AI video models require base64-encoded images or GCS URIs. URL will be ignored."
		});
		return;
	}
	return {
		bytesBase64Encoded: typeof file.data === "string" ? file.data : convertUint8ArrayToBase64(file.data),
		mimeType: file.mediaType || "image/png"
	};
}
function convertProviderReferenceImage(refImg) {
	if (refImg.bytesBase64Encoded) return { image: {
		bytesBase64Encoded: refImg.bytesBase64Encoded,
		mimeType: "image/png"
	} };
	if (refImg.gcsUri) return { image: {
		gcsUri: refImg.gcsUri,
		mimeType: "image/png"
	} };
	return refImg;
}
function convertInputReferenceImage(file, warnings) {
	const image = convertFileToGoogleImage(file, warnings);
	return image != null ? { image } : void 0;
}
var GoogleGenerativeAIVideoModel = class {
	constructor(modelId, config) {
		this.modelId = modelId;
		this.config = config;
		this.specificationVersion = "v3";
	}
	get provider() {
		return this.config.provider;
	}
	get maxVideosPerCall() {
		return 4;
	}
	async doGenerate(options) {
		var _a2, _b, _c, _d, _e, _f, _g, _h;
		const currentDate = (_c = (_b = (_a2 = this.config._internal) == null ? void 0 : _a2.currentDate) == null ? void 0 : _b.call(_a2)) != null ? _c : /* @__PURE__ */ new Date();
		const warnings = [];
		const googleOptions = await parseProviderOptions({
			provider: "google",
			providerOptions: options.providerOptions,
			schema: googleVideoModelOptionsSchema
		});
		const instances = [{}];
		const instance = instances[0];
		if (options.prompt != null) instance.prompt = options.prompt;
		const startImage = resolveStartImage(options);
		if (startImage != null) {
			const image = convertFileToGoogleImage(startImage, warnings);
			if (image != null) instance.image = image;
		}
		const lastFrameImage = getLastFrameImage(options);
		if (lastFrameImage != null) {
			const lastFrame = convertFileToGoogleImage(lastFrameImage, warnings);
			if (lastFrame != null) instance.lastFrame = lastFrame;
		}
		const inputReferences = getInputReferences(options);
		if (inputReferences != null) instance.referenceImages = inputReferences.flatMap((reference) => {
			const converted = convertInputReferenceImage(reference, warnings);
			return converted != null ? [converted] : [];
		});
		else if ((googleOptions == null ? void 0 : googleOptions.referenceImages) != null) instance.referenceImages = googleOptions.referenceImages.map((refImg) => convertProviderReferenceImage(refImg));
		const parameters = { sampleCount: options.n };
		if (options.aspectRatio) parameters.aspectRatio = options.aspectRatio;
		if (options.resolution) parameters.resolution = {
			"1280x720": "720p",
			"1920x1080": "1080p",
			"3840x2160": "4k"
		}[options.resolution] || options.resolution;
		if (options.duration) parameters.durationSeconds = options.duration;
		if (options.seed) parameters.seed = options.seed;
		if (googleOptions != null) {
			const opts = googleOptions;
			if (opts.personGeneration !== void 0 && opts.personGeneration !== null) parameters.personGeneration = opts.personGeneration;
			if (opts.negativePrompt !== void 0 && opts.negativePrompt !== null) parameters.negativePrompt = opts.negativePrompt;
			for (const [key, value] of Object.entries(opts)) if (![
				"pollIntervalMs",
				"pollTimeoutMs",
				"personGeneration",
				"negativePrompt",
				"referenceImages"
			].includes(key)) parameters[key] = value;
		}
		const { value: operation } = await postJsonToApi({
			url: `${this.config.baseURL}/models/${this.modelId}:predictLongRunning`,
			headers: combineHeaders(await resolve(this.config.headers), options.headers),
			body: {
				instances,
				parameters
			},
			successfulResponseHandler: createJsonResponseHandler(googleOperationSchema),
			failedResponseHandler: googleFailedResponseHandler,
			abortSignal: options.abortSignal,
			fetch: this.config.fetch
		});
		const operationName = operation.name;
		if (!operationName) throw new AISDKError({
			name: "GOOGLE_VIDEO_GENERATION_ERROR",
			message: "No operation name returned from API"
		});
		const pollIntervalMs = (_d = googleOptions == null ? void 0 : googleOptions.pollIntervalMs) != null ? _d : 1e4;
		const pollTimeoutMs = (_e = googleOptions == null ? void 0 : googleOptions.pollTimeoutMs) != null ? _e : 6e5;
		const startTime = Date.now();
		let finalOperation = operation;
		let responseHeaders;
		while (!finalOperation.done) {
			if (Date.now() - startTime > pollTimeoutMs) throw new AISDKError({
				name: "GOOGLE_VIDEO_GENERATION_TIMEOUT",
				message: `Video generation timed out after ${pollTimeoutMs}ms`
			});
			await delay(pollIntervalMs);
			if ((_f = options.abortSignal) == null ? void 0 : _f.aborted) throw new AISDKError({
				name: "GOOGLE_VIDEO_GENERATION_ABORTED",
				message: "Video generation request was aborted"
			});
			const { value: statusOperation, responseHeaders: pollHeaders } = await getFromApi({
				url: `${this.config.baseURL}/${operationName}`,
				headers: combineHeaders(await resolve(this.config.headers), options.headers),
				successfulResponseHandler: createJsonResponseHandler(googleOperationSchema),
				failedResponseHandler: googleFailedResponseHandler,
				abortSignal: options.abortSignal,
				fetch: this.config.fetch
			});
			finalOperation = statusOperation;
			responseHeaders = pollHeaders;
		}
		if (finalOperation.error) throw new AISDKError({
			name: "GOOGLE_VIDEO_GENERATION_FAILED",
			message: `Video generation failed: ${finalOperation.error.message}`
		});
		const response = finalOperation.response;
		if (!((_g = response == null ? void 0 : response.generateVideoResponse) == null ? void 0 : _g.generatedSamples) || response.generateVideoResponse.generatedSamples.length === 0) throw new AISDKError({
			name: "GOOGLE_VIDEO_GENERATION_ERROR",
			message: `No videos in response. Response: ${JSON.stringify(finalOperation)}`
		});
		const videos = [];
		const videoMetadata = [];
		const resolvedHeaders = await resolve(this.config.headers);
		const apiKey = resolvedHeaders == null ? void 0 : resolvedHeaders["x-goog-api-key"];
		for (const generatedSample of response.generateVideoResponse.generatedSamples) if ((_h = generatedSample.video) == null ? void 0 : _h.uri) {
			const urlWithAuth = apiKey && isSameOrigin(generatedSample.video.uri, this.config.baseURL) ? `${generatedSample.video.uri}${generatedSample.video.uri.includes("?") ? "&" : "?"}key=${apiKey}` : generatedSample.video.uri;
			videos.push({
				type: "url",
				url: urlWithAuth,
				mediaType: "video/mp4"
			});
			videoMetadata.push({ uri: generatedSample.video.uri });
		}
		if (videos.length === 0) throw new AISDKError({
			name: "GOOGLE_VIDEO_GENERATION_ERROR",
			message: "No valid videos in response"
		});
		return {
			videos,
			warnings,
			response: {
				timestamp: currentDate,
				modelId: this.modelId,
				headers: responseHeaders
			},
			providerMetadata: { google: { videos: videoMetadata } }
		};
	}
};
var googleOperationSchema = lazySchema(() => zodSchema(object({
	name: string().nullish(),
	done: boolean().nullish(),
	error: object({
		code: number().nullish(),
		message: string(),
		status: string().nullish()
	}).nullish(),
	response: object({ generateVideoResponse: object({ generatedSamples: array(object({ video: object({ uri: string().nullish() }).nullish() })).nullish() }).nullish() }).nullish()
})));
var googleVideoModelOptionsSchema = lazySchema(() => zodSchema(object({
	pollIntervalMs: number().positive().nullish(),
	pollTimeoutMs: number().positive().nullish(),
	personGeneration: _enum([
		"dont_allow",
		"allow_adult",
		"allow_all"
	]).nullish(),
	negativePrompt: string().nullish(),
	referenceImages: array(object({
		bytesBase64Encoded: string().nullish(),
		gcsUri: string().nullish()
	})).nullish()
}).passthrough()));
function convertGoogleInteractionsUsage(usage) {
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
	const totalInput = (_a2 = usage.total_input_tokens) != null ? _a2 : 0;
	const totalOutput = (_b = usage.total_output_tokens) != null ? _b : 0;
	const totalThought = (_c = usage.total_thought_tokens) != null ? _c : 0;
	const totalCached = (_d = usage.total_cached_tokens) != null ? _d : 0;
	return {
		inputTokens: {
			total: (_e = usage.total_input_tokens) != null ? _e : void 0,
			noCache: usage.total_input_tokens == null ? void 0 : totalInput - totalCached,
			cacheRead: (_f = usage.total_cached_tokens) != null ? _f : void 0,
			cacheWrite: void 0
		},
		outputTokens: {
			total: usage.total_output_tokens == null && usage.total_thought_tokens == null ? void 0 : totalOutput + totalThought,
			text: (_g = usage.total_output_tokens) != null ? _g : void 0,
			reasoning: (_h = usage.total_thought_tokens) != null ? _h : void 0
		},
		raw: usage
	};
}
function getGoogleInteractionsOutputTokensByModality(usage) {
	const byModality = usage == null ? void 0 : usage.output_tokens_by_modality;
	if (byModality == null) return;
	const result = {};
	for (const entry of byModality) if ((entry == null ? void 0 : entry.modality) != null && entry.tokens != null) result[entry.modality] = entry.tokens;
	return Object.keys(result).length > 0 ? result : void 0;
}
var KNOWN_DOC_EXTENSIONS = {
	pdf: "application/pdf",
	txt: "text/plain",
	md: "text/markdown",
	markdown: "text/markdown",
	doc: "application/msword",
	docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
};
function inferDocMediaType(uriOrName) {
	const lower = uriOrName.toLowerCase();
	for (const [ext, media] of Object.entries(KNOWN_DOC_EXTENSIONS)) if (lower.endsWith(`.${ext}`)) return media;
	return "application/octet-stream";
}
function basename(uriOrName) {
	const parts = uriOrName.split("/");
	const last = parts[parts.length - 1];
	return last && last.length > 0 ? last : void 0;
}
function annotationToSource({ annotation, generateId: generateId3 }) {
	var _a2, _b, _c, _d, _e;
	switch (annotation.type) {
		case "url_citation": {
			const a = annotation;
			if (a.url == null || a.url.length === 0) return void 0;
			return {
				type: "source",
				sourceType: "url",
				id: generateId3(),
				url: a.url,
				...a.title != null ? { title: a.title } : {}
			};
		}
		case "file_citation": {
			const a = annotation;
			const uri = (_b = (_a2 = a.url) != null ? _a2 : a.document_uri) != null ? _b : a.file_name;
			if (uri == null || uri.length === 0) return void 0;
			if (uri.startsWith("http://") || uri.startsWith("https://")) return {
				type: "source",
				sourceType: "url",
				id: generateId3(),
				url: uri,
				...a.file_name != null ? { title: a.file_name } : {}
			};
			const filename = (_c = a.file_name) != null ? _c : basename(uri);
			const mediaType = inferDocMediaType(uri);
			return {
				type: "source",
				sourceType: "document",
				id: generateId3(),
				mediaType,
				title: (_e = (_d = a.file_name) != null ? _d : filename) != null ? _e : uri,
				...filename != null ? { filename } : {}
			};
		}
		case "place_citation": {
			const a = annotation;
			if (a.url == null || a.url.length === 0) return void 0;
			return {
				type: "source",
				sourceType: "url",
				id: generateId3(),
				url: a.url,
				...a.name != null ? { title: a.name } : {}
			};
		}
		default: return;
	}
}
function builtinToolResultToSources({ block, generateId: generateId3 }) {
	var _a2, _b, _c, _d, _e, _f, _g, _h, _i, _j, _k;
	const sources = [];
	switch (block.type) {
		case "url_context_result": {
			const result = (_a2 = block.result) != null ? _a2 : [];
			for (const entry of result) {
				if ((entry == null ? void 0 : entry.url) == null || entry.url.length === 0) continue;
				if (entry.status != null && entry.status !== "success") continue;
				sources.push({
					type: "source",
					sourceType: "url",
					id: generateId3(),
					url: entry.url
				});
			}
			break;
		}
		case "google_search_result": {
			const result = (_b = block.result) != null ? _b : [];
			for (const entry of result) {
				const url = entry == null ? void 0 : entry.url;
				if (url == null || url.length === 0) continue;
				sources.push({
					type: "source",
					sourceType: "url",
					id: generateId3(),
					url,
					...entry.title != null ? { title: entry.title } : {}
				});
			}
			break;
		}
		case "google_maps_result": {
			const result = (_c = block.result) != null ? _c : [];
			for (const entry of result) for (const place of (_d = entry.places) != null ? _d : []) {
				if (place.url == null || place.url.length === 0) continue;
				sources.push({
					type: "source",
					sourceType: "url",
					id: generateId3(),
					url: place.url,
					...place.name != null ? { title: place.name } : {}
				});
			}
			break;
		}
		case "file_search_result": {
			const result = (_e = block.result) != null ? _e : [];
			for (const raw of result) {
				if (raw == null || typeof raw !== "object") continue;
				const entry = raw;
				const uri = (_g = (_f = entry.url) != null ? _f : entry.document_uri) != null ? _g : entry.file_name;
				if (uri == null || uri.length === 0) continue;
				if (uri.startsWith("http://") || uri.startsWith("https://")) {
					sources.push({
						type: "source",
						sourceType: "url",
						id: generateId3(),
						url: uri,
						...entry.title != null ? { title: entry.title } : {}
					});
					continue;
				}
				const filename = (_h = entry.file_name) != null ? _h : basename(uri);
				const mediaType = inferDocMediaType(uri);
				sources.push({
					type: "source",
					sourceType: "document",
					id: generateId3(),
					mediaType,
					title: (_k = (_j = (_i = entry.title) != null ? _i : entry.file_name) != null ? _j : filename) != null ? _k : uri,
					...filename != null ? { filename } : {}
				});
			}
			break;
		}
	}
	return sources;
}
function annotationsToSources({ annotations, generateId: generateId3 }) {
	var _a2;
	if (annotations == null) return [];
	const seen = /* @__PURE__ */ new Set();
	const sources = [];
	for (const annotation of annotations) {
		const source = annotationToSource({
			annotation,
			generateId: generateId3
		});
		if (source == null) continue;
		const key = source.sourceType === "url" ? `url:${source.url}` : `doc:${(_a2 = source.filename) != null ? _a2 : source.title}`;
		if (seen.has(key)) continue;
		seen.add(key);
		sources.push(source);
	}
	return sources;
}
function mapGoogleInteractionsFinishReason({ status, hasFunctionCall }) {
	switch (status) {
		case "completed": return hasFunctionCall ? "tool-calls" : "stop";
		case "requires_action": return "tool-calls";
		case "failed": return "error";
		case "incomplete": return "length";
		case "cancelled": return "other";
		default: return "other";
	}
}
var BUILTIN_TOOL_CALL_TYPES = /* @__PURE__ */ new Set([
	"google_search_call",
	"code_execution_call",
	"url_context_call",
	"file_search_call",
	"google_maps_call",
	"mcp_server_tool_call"
]);
var BUILTIN_TOOL_RESULT_TYPES = /* @__PURE__ */ new Set([
	"google_search_result",
	"code_execution_result",
	"url_context_result",
	"file_search_result",
	"google_maps_result",
	"mcp_server_tool_result"
]);
function builtinToolNameFromCallType(type) {
	return type.replace(/_call$/, "");
}
function builtinToolNameFromResultType(type) {
	return type.replace(/_result$/, "");
}
function buildGoogleInteractionsStreamTransform({ warnings, generateId: generateId3, includeRawChunks, serviceTier: headerServiceTier }) {
	let interactionId;
	let usage;
	let serviceTier = headerServiceTier;
	let finishStatus;
	let hasFunctionCall = false;
	const openBlocks = /* @__PURE__ */ new Map();
	const emittedSourceKeys = /* @__PURE__ */ new Set();
	function sourceKey(source) {
		var _a2;
		return source.sourceType === "url" ? `url:${source.url}` : `doc:${(_a2 = source.filename) != null ? _a2 : source.title}`;
	}
	return new TransformStream({
		start(controller) {
			controller.enqueue({
				type: "stream-start",
				warnings
			});
		},
		transform(chunk, controller) {
			var _a2, _b, _c, _d, _e, _f, _g, _h, _i, _j, _k, _l, _m, _n, _o, _p, _q, _r, _s, _t;
			if (includeRawChunks) controller.enqueue({
				type: "raw",
				rawValue: chunk.rawValue
			});
			if (!chunk.success) {
				finishStatus = "failed";
				controller.enqueue({
					type: "error",
					error: chunk.error
				});
				return;
			}
			const value = chunk.value;
			const eventType = value.event_type;
			switch (eventType) {
				case "interaction.created": {
					const interaction = value.interaction;
					interactionId = (interaction == null ? void 0 : interaction.id) != null && interaction.id.length > 0 ? interaction.id : void 0;
					const created = interaction == null ? void 0 : interaction.created;
					let timestamp;
					if (typeof created === "string") {
						const parsed = new Date(created);
						if (!Number.isNaN(parsed.getTime())) timestamp = parsed;
					}
					controller.enqueue({
						type: "response-metadata",
						...interactionId != null ? { id: interactionId } : {},
						modelId: interaction == null ? void 0 : interaction.model,
						...timestamp ? { timestamp } : {}
					});
					break;
				}
				case "step.start": {
					const event = value;
					const step = event.step;
					const index = event.index;
					const blockId = `${interactionId != null ? interactionId : "interaction"}:${index}`;
					const stepType = step == null ? void 0 : step.type;
					if (stepType === "model_output") {
						const initial = (_a2 = step == null ? void 0 : step.content) == null ? void 0 : _a2[0];
						if ((initial == null ? void 0 : initial.type) === "text") {
							openBlocks.set(index, {
								kind: "text",
								id: blockId,
								emittedSourceKeys: /* @__PURE__ */ new Set()
							});
							controller.enqueue({
								type: "text-start",
								id: blockId
							});
							const initialSources = annotationsToSources({
								annotations: initial.annotations,
								generateId: generateId3
							});
							for (const source of initialSources) {
								const key = sourceKey(source);
								if (emittedSourceKeys.has(key)) continue;
								emittedSourceKeys.add(key);
								controller.enqueue(source);
							}
						} else if ((initial == null ? void 0 : initial.type) === "image") openBlocks.set(index, {
							kind: "image",
							id: blockId,
							...initial.data != null ? { data: initial.data } : {},
							...initial.mime_type != null ? { mimeType: initial.mime_type } : {},
							...initial.uri != null ? { uri: initial.uri } : {}
						});
						else openBlocks.set(index, {
							kind: "pending_model_output",
							id: blockId
						});
					} else if (stepType === "thought") {
						const signature = step == null ? void 0 : step.signature;
						openBlocks.set(index, {
							kind: "reasoning",
							id: blockId,
							...signature != null ? { signature } : {}
						});
						controller.enqueue({
							type: "reasoning-start",
							id: blockId
						});
						if (Array.isArray(step == null ? void 0 : step.summary)) {
							for (const item of step.summary) if ((item == null ? void 0 : item.type) === "text" && typeof item.text === "string") controller.enqueue({
								type: "reasoning-delta",
								id: blockId,
								delta: item.text
							});
						}
					} else if (stepType === "function_call") {
						const toolCallId = (_b = step == null ? void 0 : step.id) != null ? _b : blockId;
						const toolName = (_c = step == null ? void 0 : step.name) != null ? _c : "unknown";
						hasFunctionCall = true;
						const state = {
							kind: "function_call",
							id: blockId,
							toolCallId,
							toolName,
							argumentsAccum: "",
							...(step == null ? void 0 : step.signature) != null ? { signature: step.signature } : {}
						};
						openBlocks.set(index, state);
						controller.enqueue({
							type: "tool-input-start",
							id: toolCallId,
							toolName
						});
					} else if (stepType != null && BUILTIN_TOOL_CALL_TYPES.has(stepType)) {
						const toolName = stepType === "mcp_server_tool_call" ? (_d = step == null ? void 0 : step.name) != null ? _d : "mcp_server_tool" : builtinToolNameFromCallType(stepType);
						const state = {
							kind: "builtin_tool_call",
							id: blockId,
							blockType: stepType,
							toolCallId: (_e = step == null ? void 0 : step.id) != null ? _e : blockId,
							toolName,
							arguments: (_f = step == null ? void 0 : step.arguments) != null ? _f : {},
							callEmitted: false
						};
						openBlocks.set(index, state);
					} else if (stepType != null && BUILTIN_TOOL_RESULT_TYPES.has(stepType)) {
						const toolName = stepType === "mcp_server_tool_result" ? (_g = step == null ? void 0 : step.name) != null ? _g : "mcp_server_tool" : builtinToolNameFromResultType(stepType);
						const state = {
							kind: "builtin_tool_result",
							id: blockId,
							blockType: stepType,
							callId: (_h = step == null ? void 0 : step.call_id) != null ? _h : blockId,
							toolName,
							result: (_i = step == null ? void 0 : step.result) != null ? _i : null,
							...(step == null ? void 0 : step.is_error) != null ? { isError: step.is_error } : {},
							resultEmitted: false
						};
						openBlocks.set(index, state);
					} else openBlocks.set(index, {
						kind: "unknown",
						id: blockId
					});
					break;
				}
				case "step.delta": {
					const event = value;
					let open = openBlocks.get(event.index);
					if (open == null) break;
					const dtype = (_j = event.delta) == null ? void 0 : _j.type;
					if (open.kind === "pending_model_output") {
						if (dtype === "text" || dtype === "text_annotation" || dtype === "text_annotation_delta") {
							const promoted = {
								kind: "text",
								id: open.id,
								emittedSourceKeys: /* @__PURE__ */ new Set()
							};
							openBlocks.set(event.index, promoted);
							open = promoted;
							controller.enqueue({
								type: "text-start",
								id: promoted.id
							});
						}
					}
					if (dtype === "image" && (open.kind === "pending_model_output" || open.kind === "text" || open.kind === "image")) {
						const img = event.delta;
						const google2 = {};
						if (interactionId != null) google2.interactionId = interactionId;
						const providerMetadata = Object.keys(google2).length > 0 ? { google: google2 } : void 0;
						if ((img == null ? void 0 : img.data) != null && img.data.length > 0) controller.enqueue({
							type: "file",
							mediaType: (_k = img.mime_type) != null ? _k : "image/png",
							data: img.data,
							...providerMetadata ? { providerMetadata } : {}
						});
						else if ((img == null ? void 0 : img.uri) != null && img.uri.length > 0) {
							const uriProviderMetadata = { google: {
								...interactionId != null ? { interactionId } : {},
								imageUri: img.uri
							} };
							controller.enqueue({
								type: "file",
								mediaType: (_l = img.mime_type) != null ? _l : "image/png",
								data: "",
								providerMetadata: uriProviderMetadata
							});
						}
						if (open.kind === "image") {
							open.data = void 0;
							open.uri = void 0;
						}
						break;
					}
					if (dtype === "video" && (open.kind === "pending_model_output" || open.kind === "text")) {
						const videoDelta = event.delta;
						const google2 = {};
						if (interactionId != null) google2.interactionId = interactionId;
						const providerMetadata = Object.keys(google2).length > 0 ? { google: google2 } : void 0;
						if ((videoDelta == null ? void 0 : videoDelta.data) != null && videoDelta.data.length > 0) controller.enqueue({
							type: "file",
							mediaType: (_m = videoDelta.mime_type) != null ? _m : "video/mp4",
							data: videoDelta.data,
							...providerMetadata ? { providerMetadata } : {}
						});
						else if ((videoDelta == null ? void 0 : videoDelta.uri) != null && videoDelta.uri.length > 0) {
							const uriProviderMetadata = { google: {
								...interactionId != null ? { interactionId } : {},
								videoUri: videoDelta.uri
							} };
							controller.enqueue({
								type: "file",
								mediaType: (_n = videoDelta.mime_type) != null ? _n : "video/mp4",
								data: "",
								providerMetadata: uriProviderMetadata
							});
						}
						break;
					}
					const delta = event.delta;
					if (open.kind === "text" && (delta == null ? void 0 : delta.type) === "text") {
						const text = (_o = delta.text) != null ? _o : "";
						if (text.length > 0) controller.enqueue({
							type: "text-delta",
							id: open.id,
							delta: text
						});
					} else if (open.kind === "text" && ((delta == null ? void 0 : delta.type) === "text_annotation" || (delta == null ? void 0 : delta.type) === "text_annotation_delta")) {
						const sources = annotationsToSources({
							annotations: delta.annotations,
							generateId: generateId3
						});
						for (const source of sources) {
							const key = sourceKey(source);
							if (emittedSourceKeys.has(key)) continue;
							emittedSourceKeys.add(key);
							open.emittedSourceKeys.add(key);
							controller.enqueue(source);
						}
					} else if (open.kind === "image" && (delta == null ? void 0 : delta.type) === "image") {
						if (delta.data != null) open.data = delta.data;
						if (delta.mime_type != null) open.mimeType = delta.mime_type;
						if (delta.uri != null) open.uri = delta.uri;
					} else if (open.kind === "reasoning") {
						if ((delta == null ? void 0 : delta.type) === "thought_summary") {
							const item = delta.content;
							if ((item == null ? void 0 : item.type) === "text" && typeof item.text === "string") controller.enqueue({
								type: "reasoning-delta",
								id: open.id,
								delta: item.text
							});
						} else if ((delta == null ? void 0 : delta.type) === "thought_signature") {
							const signature = delta.signature;
							if (signature != null) open.signature = signature;
						}
					} else if (open.kind === "function_call" && (delta == null ? void 0 : delta.type) === "arguments_delta") {
						const slice = typeof delta.arguments === "string" ? delta.arguments : "";
						if (slice.length > 0) {
							open.argumentsAccum += slice;
							controller.enqueue({
								type: "tool-input-delta",
								id: open.toolCallId,
								delta: slice
							});
						}
						if (delta.id != null) open.toolCallId = delta.id;
						if (delta.signature != null) open.signature = delta.signature;
						hasFunctionCall = true;
					} else if (open.kind === "builtin_tool_call" && (delta == null ? void 0 : delta.type) === open.blockType) {
						if (delta.id != null) open.toolCallId = delta.id;
						if (delta.arguments != null && typeof delta.arguments === "object") open.arguments = delta.arguments;
						if (delta.name != null && open.blockType === "mcp_server_tool_call") open.toolName = delta.name;
					} else if (open.kind === "builtin_tool_result" && (delta == null ? void 0 : delta.type) === open.blockType) {
						if (delta.call_id != null) open.callId = delta.call_id;
						if (delta.result !== void 0) open.result = delta.result;
						if (delta.is_error != null) open.isError = delta.is_error;
						if (delta.name != null && open.blockType === "mcp_server_tool_result") open.toolName = delta.name;
					}
					break;
				}
				case "step.stop": {
					const event = value;
					const open = openBlocks.get(event.index);
					if (open == null) break;
					if (open.kind === "text") {
						const textProviderMetadata = interactionId != null ? { google: { interactionId } } : void 0;
						controller.enqueue({
							type: "text-end",
							id: open.id,
							...textProviderMetadata ? { providerMetadata: textProviderMetadata } : {}
						});
					} else if (open.kind === "reasoning") {
						const google2 = {};
						if (open.signature != null) google2.signature = open.signature;
						if (interactionId != null) google2.interactionId = interactionId;
						const providerMetadata = Object.keys(google2).length > 0 ? { google: google2 } : void 0;
						controller.enqueue({
							type: "reasoning-end",
							id: open.id,
							...providerMetadata ? { providerMetadata } : {}
						});
					} else if (open.kind === "image") {
						const google2 = {};
						if (interactionId != null) google2.interactionId = interactionId;
						const providerMetadata = Object.keys(google2).length > 0 ? { google: google2 } : void 0;
						if (open.data != null && open.data.length > 0) controller.enqueue({
							type: "file",
							mediaType: (_p = open.mimeType) != null ? _p : "image/png",
							data: open.data,
							...providerMetadata ? { providerMetadata } : {}
						});
						else if (open.uri != null && open.uri.length > 0) {
							const uriProviderMetadata = { google: {
								...interactionId != null ? { interactionId } : {},
								imageUri: open.uri
							} };
							controller.enqueue({
								type: "file",
								mediaType: (_q = open.mimeType) != null ? _q : "image/png",
								data: "",
								providerMetadata: uriProviderMetadata
							});
						}
					} else if (open.kind === "function_call") {
						const accumulated = open.argumentsAccum.length > 0 ? open.argumentsAccum : "{}";
						controller.enqueue({
							type: "tool-input-end",
							id: open.toolCallId
						});
						const google2 = {};
						if (open.signature != null) google2.signature = open.signature;
						if (interactionId != null) google2.interactionId = interactionId;
						const providerMetadata = Object.keys(google2).length > 0 ? { google: google2 } : void 0;
						controller.enqueue({
							type: "tool-call",
							toolCallId: open.toolCallId,
							toolName: open.toolName,
							input: accumulated,
							...providerMetadata ? { providerMetadata } : {}
						});
					} else if (open.kind === "builtin_tool_call" && !open.callEmitted) {
						controller.enqueue({
							type: "tool-call",
							toolCallId: open.toolCallId,
							toolName: open.toolName,
							input: JSON.stringify((_r = open.arguments) != null ? _r : {}),
							providerExecuted: true
						});
						open.callEmitted = true;
					} else if (open.kind === "builtin_tool_result" && !open.resultEmitted) {
						controller.enqueue({
							type: "tool-result",
							toolCallId: open.callId,
							toolName: open.toolName,
							result: (_s = open.result) != null ? _s : null
						});
						open.resultEmitted = true;
						const sources = builtinToolResultToSources({
							block: {
								type: open.blockType,
								call_id: open.callId,
								result: open.result
							},
							generateId: generateId3
						});
						for (const source of sources) {
							const key = sourceKey(source);
							if (emittedSourceKeys.has(key)) continue;
							emittedSourceKeys.add(key);
							controller.enqueue(source);
						}
					}
					openBlocks.delete(event.index);
					break;
				}
				case "interaction.status_update":
				case "interaction.in_progress":
				case "interaction.requires_action": {
					const event = value;
					if (event.status != null) finishStatus = event.status;
					else if (eventType === "interaction.requires_action") finishStatus = "requires_action";
					else finishStatus = "in_progress";
					break;
				}
				case "interaction.completed": {
					const interaction = value.interaction;
					if ((interaction == null ? void 0 : interaction.id) != null && interaction.id.length > 0) interactionId = interaction.id;
					if ((interaction == null ? void 0 : interaction.status) != null) finishStatus = interaction.status;
					if ((interaction == null ? void 0 : interaction.usage) != null) usage = interaction.usage;
					if ((interaction == null ? void 0 : interaction.service_tier) != null) serviceTier = interaction.service_tier;
					break;
				}
				case "error": {
					const event = value;
					finishStatus = "failed";
					const errorPayload = (_t = event.error) != null ? _t : { message: "Unknown interaction error" };
					controller.enqueue({
						type: "error",
						error: errorPayload
					});
					break;
				}
			}
		},
		flush(controller) {
			const finishReason = {
				unified: mapGoogleInteractionsFinishReason({
					status: finishStatus,
					hasFunctionCall
				}),
				raw: finishStatus
			};
			const outputTokensByModality = getGoogleInteractionsOutputTokensByModality(usage);
			const providerMetadata = { google: {
				...interactionId != null ? { interactionId } : {},
				...serviceTier != null ? { serviceTier } : {},
				...outputTokensByModality != null ? { outputTokensByModality } : {}
			} };
			controller.enqueue({
				type: "finish",
				finishReason,
				usage: convertGoogleInteractionsUsage(usage),
				providerMetadata
			});
		}
	});
}
function getTopLevelMediaType(mediaType) {
	const slashIndex = mediaType.indexOf("/");
	return slashIndex === -1 ? mediaType : mediaType.substring(0, slashIndex);
}
function isFullMediaType(mediaType) {
	const slashIndex = mediaType.indexOf("/");
	if (slashIndex === -1) return false;
	const subtype = mediaType.substring(slashIndex + 1);
	return subtype.length > 0 && subtype !== "*";
}
function convertToGoogleInteractionsInput({ prompt, previousInteractionId, store, mediaResolution }) {
	var _a2, _b, _c, _d, _e, _f, _g;
	const warnings = [];
	const incoherentCombo = previousInteractionId != null && store === false;
	const shouldCompact = previousInteractionId != null && store !== false;
	if (incoherentCombo) warnings.push({
		type: "other",
		message: "google.interactions: providerOptions.google.previousInteractionId was set together with store: false. These are incoherent (the prior interaction cannot be referenced when nothing was stored on the server); the full history will be sent and previous_interaction_id will still be emitted."
	});
	const compactedPrompt = shouldCompact ? compactPromptForPreviousInteraction({
		prompt,
		previousInteractionId
	}) : prompt;
	const systemTexts = [];
	const steps = [];
	for (const message of compactedPrompt) switch (message.role) {
		case "system":
			systemTexts.push(message.content);
			break;
		case "user": {
			const content = [];
			for (const part of message.content) if (part.type === "text") content.push({
				type: "text",
				text: part.text
			});
			else if (part.type === "file") {
				const fileBlock = convertFilePartToContent({
					part,
					warnings,
					mediaResolution
				});
				if (fileBlock != null) content.push(fileBlock);
			}
			const merged = mergeAdjacentTextContent(content);
			if (merged.length > 0) steps.push({
				type: "user_input",
				content: merged
			});
			break;
		}
		case "assistant": {
			let pendingModelOutput = [];
			const flushModelOutput = () => {
				if (pendingModelOutput.length > 0) {
					steps.push({
						type: "model_output",
						content: pendingModelOutput
					});
					pendingModelOutput = [];
				}
			};
			for (const part of message.content) if (part.type === "text") pendingModelOutput.push({
				type: "text",
				text: part.text
			});
			else if (part.type === "reasoning") {
				flushModelOutput();
				const signature = (_b = (_a2 = part.providerOptions) == null ? void 0 : _a2.google) == null ? void 0 : _b.signature;
				steps.push({
					type: "thought",
					...signature != null ? { signature } : {},
					summary: part.text.length > 0 ? [{
						type: "text",
						text: part.text
					}] : void 0
				});
			} else if (part.type === "file") {
				const fileBlock = convertFilePartToContent({
					part,
					warnings,
					mediaResolution
				});
				if (fileBlock != null) pendingModelOutput.push(fileBlock);
			} else if (part.type === "tool-call") {
				flushModelOutput();
				const signature = (_d = (_c = part.providerOptions) == null ? void 0 : _c.google) == null ? void 0 : _d.signature;
				const args = typeof part.input === "string" ? safeParseToolArgs(part.input) : (_e = part.input) != null ? _e : {};
				steps.push({
					type: "function_call",
					id: part.toolCallId,
					name: part.toolName,
					arguments: args,
					...signature != null ? { signature } : {}
				});
			} else warnings.push({
				type: "other",
				message: `google.interactions: unsupported assistant content part type "${part.type}"; part dropped.`
			});
			flushModelOutput();
			break;
		}
		case "tool": {
			const content = [];
			for (const part of message.content) {
				if (part.type !== "tool-result") {
					warnings.push({
						type: "other",
						message: `google.interactions: unsupported tool message part type "${part.type}"; part dropped.`
					});
					continue;
				}
				const block = convertToolResultPart({
					toolCallId: part.toolCallId,
					toolName: part.toolName,
					output: part.output,
					signature: (_g = (_f = part.providerOptions) == null ? void 0 : _f.google) == null ? void 0 : _g.signature,
					warnings
				});
				content.push(block);
			}
			if (content.length > 0) steps.push({
				type: "user_input",
				content
			});
			break;
		}
	}
	return {
		input: steps,
		systemInstruction: systemTexts.length > 0 ? systemTexts.join("\n\n") : void 0,
		warnings
	};
}
function convertFilePartToContent({ part, warnings, mediaResolution }) {
	const topLevel = getTopLevelMediaType(part.mediaType);
	let kind;
	switch (topLevel) {
		case "image":
			kind = "image";
			break;
		case "audio":
			kind = "audio";
			break;
		case "video":
			kind = "video";
			break;
		case "application":
			kind = "document";
			break;
		default: kind = void 0;
	}
	if (kind == null) {
		warnings.push({
			type: "other",
			message: `google.interactions: unsupported file media type "${part.mediaType}"; part dropped.`
		});
		return;
	}
	const resolutionField = mediaResolution != null && (kind === "image" || kind === "video") ? { resolution: mediaResolution } : {};
	if (part.data instanceof URL) return {
		type: kind,
		uri: part.data.toString(),
		...isFullMediaType(part.mediaType) ? { mime_type: part.mediaType } : {},
		...resolutionField
	};
	if (!isFullMediaType(part.mediaType)) {
		warnings.push({
			type: "other",
			message: `google.interactions: inline file data requires a full IANA media type (e.g. "image/png"), got "${part.mediaType}"; part dropped.`
		});
		return;
	}
	return {
		type: kind,
		data: convertToBase64(part.data),
		mime_type: part.mediaType,
		...resolutionField
	};
}
function compactPromptForPreviousInteraction({ prompt, previousInteractionId }) {
	const out = [];
	const droppedToolCallIds = /* @__PURE__ */ new Set();
	for (const message of prompt) {
		if (message.role === "assistant") {
			if (message.content.some((part) => {
				var _a2, _b;
				return ((_b = (_a2 = part.providerOptions) == null ? void 0 : _a2.google) == null ? void 0 : _b.interactionId) === previousInteractionId;
			})) {
				for (const part of message.content) if (part.type === "tool-call") droppedToolCallIds.add(part.toolCallId);
				continue;
			}
			out.push(message);
			continue;
		}
		if (message.role === "tool") {
			const remaining = message.content.filter((part) => {
				if (part.type !== "tool-result") return true;
				return !droppedToolCallIds.has(part.toolCallId);
			});
			if (remaining.length === 0) continue;
			out.push({
				...message,
				content: remaining
			});
			continue;
		}
		out.push(message);
	}
	return out;
}
function safeParseToolArgs(input) {
	try {
		const parsed = secureJsonParse(input);
		if (parsed != null && typeof parsed === "object" && !Array.isArray(parsed)) return parsed;
		return { value: parsed };
	} catch (e) {
		return { value: input };
	}
}
function convertToolResultPart({ toolCallId, toolName, output, signature, warnings }) {
	var _a2;
	const base = {
		type: "function_result",
		call_id: toolCallId,
		name: toolName,
		...signature != null ? { signature } : {}
	};
	switch (output.type) {
		case "text": return {
			...base,
			result: output.value
		};
		case "json": return {
			...base,
			result: JSON.stringify(output.value)
		};
		case "error-text": return {
			...base,
			is_error: true,
			result: output.value
		};
		case "error-json": return {
			...base,
			is_error: true,
			result: JSON.stringify(output.value)
		};
		case "execution-denied": return {
			...base,
			is_error: true,
			result: (_a2 = output.reason) != null ? _a2 : "Tool execution denied by user."
		};
		case "content": {
			const blocks = [];
			for (const item of output.value) if (item.type === "text") blocks.push({
				type: "text",
				text: item.text
			});
			else if (item.type === "image-data") {
				const imageBlock = filePartToImageBlock({
					part: {
						type: "file",
						mediaType: item.mediaType,
						data: item.data
					},
					warnings
				});
				if (imageBlock != null) blocks.push(imageBlock);
			} else if (item.type === "image-url") {
				const imageBlock = filePartToImageBlock({
					part: {
						type: "file",
						mediaType: "image/*",
						data: new URL(item.url)
					},
					warnings
				});
				if (imageBlock != null) blocks.push(imageBlock);
			} else if (item.type === "file-data" || item.type === "file-url") {
				const mediaType = item.type === "file-data" ? item.mediaType : "application/*";
				if (getTopLevelMediaType(mediaType) !== "image") {
					warnings.push({
						type: "other",
						message: `google.interactions: tool-result file with mediaType "${mediaType}" is not supported (Interactions \`function_result.result\` accepts only text and image content); part dropped.`
					});
					continue;
				}
				const imageBlock = filePartToImageBlock({
					part: item.type === "file-data" ? {
						type: "file",
						mediaType: item.mediaType,
						data: item.data
					} : {
						type: "file",
						mediaType,
						data: new URL(item.url)
					},
					warnings
				});
				if (imageBlock != null) blocks.push(imageBlock);
			} else warnings.push({
				type: "other",
				message: `google.interactions: tool-result content part type "${item.type}" is not supported; part dropped.`
			});
			return {
				...base,
				result: blocks
			};
		}
	}
}
function filePartToImageBlock({ part, warnings }) {
	if (part.data instanceof URL) return {
		type: "image",
		uri: part.data.toString(),
		...isFullMediaType(part.mediaType) ? { mime_type: part.mediaType } : {}
	};
	if (!isFullMediaType(part.mediaType)) {
		warnings.push({
			type: "other",
			message: `google.interactions: tool-result image part requires a full IANA media type (e.g. "image/png"), got "${part.mediaType}"; part dropped.`
		});
		return;
	}
	return {
		type: "image",
		data: convertToBase64(part.data),
		mime_type: part.mediaType
	};
}
function mergeAdjacentTextContent(content) {
	if (content.length < 2) return content;
	const result = [];
	for (const block of content) {
		const last = result[result.length - 1];
		if (block.type === "text" && last != null && last.type === "text" && last.annotations == null && block.annotations == null) {
			const merged = {
				type: "text",
				text: `${last.text}

${block.text}`
			};
			result[result.length - 1] = merged;
			continue;
		}
		result.push(block);
	}
	return result;
}
var tokenByModalitySchema = () => object({
	modality: string().nullish(),
	tokens: number().nullish()
}).loose();
var usageSchema2 = () => object({
	total_input_tokens: number().nullish(),
	total_output_tokens: number().nullish(),
	total_thought_tokens: number().nullish(),
	total_cached_tokens: number().nullish(),
	total_tool_use_tokens: number().nullish(),
	total_tokens: number().nullish(),
	input_tokens_by_modality: array(tokenByModalitySchema()).nullish(),
	output_tokens_by_modality: array(tokenByModalitySchema()).nullish(),
	cached_tokens_by_modality: array(tokenByModalitySchema()).nullish(),
	tool_use_tokens_by_modality: array(tokenByModalitySchema()).nullish(),
	grounding_tool_count: array(object({
		type: string().nullish(),
		count: number().nullish()
	}).loose()).nullish()
}).loose();
var interactionStatusSchema = () => _enum([
	"in_progress",
	"requires_action",
	"completed",
	"failed",
	"cancelled",
	"incomplete"
]);
var annotationSchema = () => {
	const urlCitation = object({
		type: literal("url_citation"),
		url: string().nullish(),
		title: string().nullish(),
		start_index: number().nullish(),
		end_index: number().nullish()
	}).loose();
	const fileCitation = object({
		type: literal("file_citation"),
		file_name: string().nullish(),
		document_uri: string().nullish(),
		url: string().nullish(),
		page_number: number().nullish(),
		media_id: string().nullish(),
		start_index: number().nullish(),
		end_index: number().nullish(),
		custom_metadata: record(string(), unknown()).nullish()
	}).loose();
	const placeCitation = object({
		type: literal("place_citation"),
		name: string().nullish(),
		url: string().nullish(),
		place_id: string().nullish(),
		start_index: number().nullish(),
		end_index: number().nullish()
	}).loose();
	return union([
		urlCitation,
		fileCitation,
		placeCitation,
		object({ type: string() }).loose()
	]);
};
var thoughtSummaryItemSchema = () => object({
	type: string(),
	text: string().nullish(),
	data: string().nullish(),
	mime_type: string().nullish()
}).loose();
var contentBlockSchema = () => {
	const textContent = object({
		type: literal("text"),
		text: string(),
		annotations: array(annotationSchema()).nullish()
	}).loose();
	const imageContent = object({
		type: literal("image"),
		data: string().nullish(),
		mime_type: string().nullish(),
		resolution: _enum([
			"low",
			"medium",
			"high",
			"ultra_high"
		]).nullish(),
		uri: string().nullish()
	}).loose();
	const videoContent = object({
		type: literal("video"),
		data: string().nullish(),
		mime_type: string().nullish(),
		uri: string().nullish()
	}).loose();
	return union([
		textContent,
		imageContent,
		videoContent,
		object({ type: string() }).loose()
	]);
};
var BUILTIN_TOOL_CALL_STEP_TYPES = [
	"google_search_call",
	"code_execution_call",
	"url_context_call",
	"file_search_call",
	"google_maps_call",
	"mcp_server_tool_call"
];
var BUILTIN_TOOL_RESULT_STEP_TYPES = [
	"google_search_result",
	"code_execution_result",
	"url_context_result",
	"file_search_result",
	"google_maps_result",
	"mcp_server_tool_result"
];
var stepSchema = () => {
	const userInputStep = object({
		type: literal("user_input"),
		content: array(contentBlockSchema()).nullish()
	}).loose();
	const modelOutputStep = object({
		type: literal("model_output"),
		content: array(contentBlockSchema()).nullish()
	}).loose();
	const functionCallStep = object({
		type: literal("function_call"),
		id: string(),
		name: string(),
		arguments: record(string(), unknown()).nullish(),
		signature: string().nullish()
	}).loose();
	const thoughtStep = object({
		type: literal("thought"),
		signature: string().nullish(),
		summary: array(thoughtSummaryItemSchema()).nullish()
	}).loose();
	const builtinToolCallStep = object({
		type: _enum(BUILTIN_TOOL_CALL_STEP_TYPES),
		id: string(),
		arguments: record(string(), unknown()).nullish(),
		name: string().nullish(),
		server_name: string().nullish(),
		search_type: string().nullish(),
		signature: string().nullish()
	}).loose();
	const builtinToolResultStep = object({
		type: _enum(BUILTIN_TOOL_RESULT_STEP_TYPES),
		call_id: string(),
		result: unknown().nullish(),
		is_error: boolean().nullish(),
		name: string().nullish(),
		server_name: string().nullish(),
		signature: string().nullish()
	}).loose();
	return union([
		userInputStep,
		modelOutputStep,
		functionCallStep,
		thoughtStep,
		builtinToolCallStep,
		builtinToolResultStep,
		object({ type: string() }).loose()
	]);
};
var googleInteractionsResponseSchema = lazySchema(() => zodSchema(object({
	id: string().nullish(),
	created: string().nullish(),
	updated: string().nullish(),
	status: interactionStatusSchema(),
	model: string().nullish(),
	agent: string().nullish(),
	steps: array(stepSchema()).nullish(),
	usage: usageSchema2().nullish(),
	service_tier: string().nullish(),
	previous_interaction_id: string().nullish(),
	response_modalities: array(string()).nullish()
}).loose()));
var googleInteractionsEventSchema = lazySchema(() => zodSchema((() => {
	const status = interactionStatusSchema();
	const annotation = annotationSchema();
	const thoughtSummaryItem = thoughtSummaryItemSchema();
	const interactionCreatedEvent = object({
		event_type: literal("interaction.created"),
		event_id: string().nullish(),
		interaction: object({
			id: string().nullish(),
			created: string().nullish(),
			model: string().nullish(),
			agent: string().nullish(),
			status: status.nullish()
		}).loose()
	}).loose();
	const stepStartEvent = object({
		event_type: literal("step.start"),
		event_id: string().nullish(),
		index: number(),
		step: stepSchema()
	}).loose();
	const stepDeltaText = object({
		type: literal("text"),
		text: string()
	}).loose();
	const stepDeltaThoughtSummary = object({
		type: literal("thought_summary"),
		content: thoughtSummaryItem.nullish()
	}).loose();
	const stepDeltaThoughtSignature = object({
		type: literal("thought_signature"),
		signature: string().nullish()
	}).loose();
	const stepDeltaArgumentsDelta = object({
		type: literal("arguments_delta"),
		arguments: string().nullish(),
		id: string().nullish(),
		signature: string().nullish()
	}).loose();
	const stepDeltaTextAnnotation = object({
		type: _enum(["text_annotation_delta", "text_annotation"]),
		annotations: array(annotation).nullish()
	}).loose();
	const stepDeltaImage = object({
		type: literal("image"),
		data: string().nullish(),
		mime_type: string().nullish(),
		resolution: _enum([
			"low",
			"medium",
			"high",
			"ultra_high"
		]).nullish(),
		uri: string().nullish()
	}).loose();
	const stepDeltaVideo = object({
		type: literal("video"),
		data: string().nullish(),
		mime_type: string().nullish(),
		uri: string().nullish()
	}).loose();
	const stepDeltaBuiltinToolCall = object({
		type: _enum(BUILTIN_TOOL_CALL_STEP_TYPES),
		id: string().nullish(),
		arguments: record(string(), unknown()).nullish(),
		name: string().nullish(),
		server_name: string().nullish(),
		search_type: string().nullish(),
		signature: string().nullish()
	}).loose();
	const stepDeltaBuiltinToolResult = object({
		type: _enum(BUILTIN_TOOL_RESULT_STEP_TYPES),
		call_id: string().nullish(),
		result: unknown().nullish(),
		is_error: boolean().nullish(),
		name: string().nullish(),
		server_name: string().nullish(),
		signature: string().nullish()
	}).loose();
	const stepDeltaUnknown = object({ type: string() }).loose();
	const stepDeltaUnion = union([
		stepDeltaText,
		stepDeltaImage,
		stepDeltaVideo,
		stepDeltaThoughtSummary,
		stepDeltaThoughtSignature,
		stepDeltaArgumentsDelta,
		stepDeltaTextAnnotation,
		stepDeltaBuiltinToolCall,
		stepDeltaBuiltinToolResult,
		stepDeltaUnknown
	]);
	const stepDeltaEvent = object({
		event_type: literal("step.delta"),
		event_id: string().nullish(),
		index: number(),
		delta: stepDeltaUnion
	}).loose();
	const stepStopEvent = object({
		event_type: literal("step.stop"),
		event_id: string().nullish(),
		index: number()
	}).loose();
	const interactionStatusUpdateEvent = object({
		event_type: literal("interaction.status_update"),
		event_id: string().nullish(),
		interaction_id: string().nullish(),
		status: status.nullish()
	}).loose();
	const interactionInProgressEvent = object({
		event_type: literal("interaction.in_progress"),
		event_id: string().nullish(),
		interaction_id: string().nullish(),
		status: status.nullish()
	}).loose();
	const interactionRequiresActionEvent = object({
		event_type: literal("interaction.requires_action"),
		event_id: string().nullish(),
		interaction_id: string().nullish(),
		status: status.nullish()
	}).loose();
	const interactionCompletedEvent = object({
		event_type: literal("interaction.completed"),
		event_id: string().nullish(),
		interaction: object({
			id: string().nullish(),
			status: status.nullish(),
			usage: usageSchema2().nullish(),
			service_tier: string().nullish()
		}).loose()
	}).loose();
	const errorEvent = object({
		event_type: literal("error"),
		event_id: string().nullish(),
		error: object({
			code: string().nullish(),
			message: string().nullish()
		}).loose().nullish()
	}).loose();
	const unknownEvent = object({ event_type: string() }).loose();
	return union([
		interactionCreatedEvent,
		stepStartEvent,
		stepDeltaEvent,
		stepStopEvent,
		interactionStatusUpdateEvent,
		interactionInProgressEvent,
		interactionRequiresActionEvent,
		interactionCompletedEvent,
		errorEvent,
		unknownEvent
	]);
})()));
var googleInteractionsLanguageModelOptions = lazySchema(() => zodSchema(object({
	previousInteractionId: string().nullish(),
	store: boolean().nullish(),
	agent: string().nullish(),
	agentConfig: union([object({ type: literal("dynamic") }).loose(), object({
		type: literal("deep-research"),
		thinkingSummaries: _enum(["auto", "none"]).nullish(),
		visualization: _enum(["off", "auto"]).nullish(),
		collaborativePlanning: boolean().nullish()
	})]).nullish(),
	thinkingLevel: _enum([
		"minimal",
		"low",
		"medium",
		"high"
	]).nullish(),
	thinkingSummaries: _enum(["auto", "none"]).nullish(),
	/**
	* Output-format entries that map directly to the API's `response_format`
	* array. Use this to request image, audio, video, or non-JSON text
	* outputs with modality-specific controls.
	*
	* Entries are sent in order. The AI SDK call-level `responseFormat: {
	* type: 'json', schema }` still drives JSON-mode and adds a matching
	* text entry automatically; entries listed here are appended.
	*/
	responseFormat: array(union([
		object({
			type: literal("text"),
			mimeType: string().nullish(),
			schema: unknown().nullish()
		}).loose(),
		object({
			type: literal("image"),
			mimeType: string().nullish(),
			aspectRatio: _enum([
				"1:1",
				"2:3",
				"3:2",
				"3:4",
				"4:3",
				"4:5",
				"5:4",
				"9:16",
				"16:9",
				"21:9",
				"1:8",
				"8:1",
				"1:4",
				"4:1"
			]).nullish(),
			imageSize: _enum([
				"1K",
				"2K",
				"4K",
				"512"
			]).nullish()
		}).loose(),
		object({
			type: literal("audio"),
			mimeType: string().nullish()
		}).loose(),
		object({
			type: literal("video"),
			aspectRatio: _enum(["16:9", "9:16"]).nullish(),
			resolution: _enum([
				"360p",
				"720p",
				"1080p",
				"4k"
			]).nullish(),
			duration: string().nullish(),
			delivery: _enum(["inline", "uri"]).nullish(),
			gcsUri: string().nullish()
		}).loose()
	])).nullish(),
	/**
	* @deprecated Use `responseFormat` with a `{ type: 'image', ... }`
	* entry instead. Retained for backwards compatibility; the SDK
	* translates it into a matching `response_format` image entry and
	* emits a warning when set.
	*/
	imageConfig: object({
		aspectRatio: _enum([
			"1:1",
			"2:3",
			"3:2",
			"3:4",
			"4:3",
			"4:5",
			"5:4",
			"9:16",
			"16:9",
			"21:9",
			"1:8",
			"8:1",
			"1:4",
			"4:1"
		]).nullish(),
		imageSize: _enum([
			"1K",
			"2K",
			"4K",
			"512"
		]).nullish()
	}).nullish(),
	mediaResolution: _enum([
		"low",
		"medium",
		"high",
		"ultra_high"
	]).nullish(),
	responseModalities: array(_enum([
		"text",
		"image",
		"audio",
		"video",
		"document"
	])).nullish(),
	serviceTier: _enum([
		"flex",
		"standard",
		"priority"
	]).nullish(),
	/**
	* Alternative to AI SDK `system` message. If both are set, the AI SDK
	* `system` message wins and a warning is emitted.
	*/
	systemInstruction: string().nullish(),
	/**
	* Per-block signature for round-tripping `thought.signature` and
	* `function_call.signature` blocks. Set by the SDK on output reasoning /
	* tool-call parts; passed back unchanged on input parts so the API
	* accepts the prior turn.
	*/
	signature: string().nullish(),
	/**
	* Set by the SDK on output assistant messages. The converter uses it to
	* decide which messages to drop when compacting under
	* `previousInteractionId`.
	*/
	interactionId: string().nullish(),
	/**
	* Maximum time, in milliseconds, to poll a background interaction (agent
	* call) before giving up. Defaults to 30 minutes. Long-running agents
	* such as deep research can take tens of minutes — increase if needed.
	*/
	pollingTimeoutMs: number().int().positive().nullish(),
	/**
	* Run the interaction in the background. Required for agents whose
	* server-side workflow cannot complete within a single request/response.
	* When `true`, the POST returns with a non-terminal status and the SDK
	* polls `GET /interactions/{id}` until the work completes. Some agents
	* reject `true`; see the agent's documentation for which mode it
	* requires.
	*/
	background: boolean().nullish(),
	/**
	* Environment configuration for the agent sandbox. Only applies to agent
	* calls (`google.interactions({ agent })`); ignored on model-id calls.
	*
	*   - `"remote"`: provision a fresh sandbox for this call.
	*   - any other string: an existing `environment_id` to reuse.
	*   - object: provision a fresh sandbox and optionally preload `sources`
	*     and/or constrain outbound traffic via `network`.
	*/
	environment: union([string(), object({
		type: literal("remote"),
		sources: array(union([
			object({
				type: literal("gcs"),
				source: string(),
				target: string().nullish()
			}),
			object({
				type: literal("repository"),
				source: string(),
				target: string().nullish()
			}),
			object({
				type: literal("inline"),
				content: string(),
				target: string()
			})
		])).nullish(),
		network: union([literal("disabled"), object({ allowlist: array(object({
			domain: string(),
			transform: array(record(string(), string())).nullish()
		})) })]).nullish()
	})]).nullish()
})));
function googleProviderMetadata({ signature, interactionId }) {
	const google2 = {};
	if (signature != null) google2.signature = signature;
	if (interactionId != null) google2.interactionId = interactionId;
	return Object.keys(google2).length > 0 ? { providerMetadata: { google: google2 } } : {};
}
var BUILTIN_TOOL_CALL_TYPES2 = /* @__PURE__ */ new Set([
	"google_search_call",
	"code_execution_call",
	"url_context_call",
	"file_search_call",
	"google_maps_call",
	"mcp_server_tool_call"
]);
var BUILTIN_TOOL_RESULT_TYPES2 = /* @__PURE__ */ new Set([
	"google_search_result",
	"code_execution_result",
	"url_context_result",
	"file_search_result",
	"google_maps_result",
	"mcp_server_tool_result"
]);
function builtinToolNameFromCallType2(type) {
	return type.replace(/_call$/, "");
}
function builtinToolNameFromResultType2(type) {
	return type.replace(/_result$/, "");
}
function parseGoogleInteractionsOutputs({ steps, generateId: generateId3, interactionId }) {
	var _a2, _b, _c, _d, _e, _f, _g, _h, _i, _j, _k, _l, _m;
	const content = [];
	let hasFunctionCall = false;
	if (steps == null) return {
		content,
		hasFunctionCall
	};
	for (const step of steps) {
		if (step == null || typeof step !== "object") continue;
		const type = step.type;
		if (typeof type !== "string") continue;
		switch (type) {
			case "user_input": break;
			case "model_output": {
				const blocks = (_a2 = step.content) != null ? _a2 : [];
				for (const block of blocks) {
					if (block == null || typeof block !== "object") continue;
					const blockType = block.type;
					if (blockType === "text") {
						const text = (_b = block.text) != null ? _b : "";
						const annotations = block.annotations;
						content.push({
							type: "text",
							text,
							...googleProviderMetadata({ interactionId })
						});
						const sources = annotationsToSources({
							annotations,
							generateId: generateId3
						});
						for (const source of sources) content.push(source);
					} else if (blockType === "image") {
						const image = block;
						if (image.data != null && image.data.length > 0) content.push({
							type: "file",
							mediaType: (_c = image.mime_type) != null ? _c : "image/png",
							data: image.data,
							...googleProviderMetadata({ interactionId })
						});
						else if (image.uri != null && image.uri.length > 0) content.push({
							type: "file",
							mediaType: (_d = image.mime_type) != null ? _d : "image/png",
							data: "",
							providerMetadata: { google: {
								...interactionId != null ? { interactionId } : {},
								imageUri: image.uri
							} }
						});
					} else if (blockType === "video") {
						const video = block;
						if (video.data != null && video.data.length > 0) content.push({
							type: "file",
							mediaType: (_e = video.mime_type) != null ? _e : "video/mp4",
							data: video.data,
							...googleProviderMetadata({ interactionId })
						});
						else if (video.uri != null && video.uri.length > 0) content.push({
							type: "file",
							mediaType: (_f = video.mime_type) != null ? _f : "video/mp4",
							data: "",
							providerMetadata: { google: {
								...interactionId != null ? { interactionId } : {},
								videoUri: video.uri
							} }
						});
					}
				}
				break;
			}
			case "thought": {
				const thought = step;
				const text = (Array.isArray(thought.summary) ? thought.summary : []).filter((item) => (item == null ? void 0 : item.type) === "text" && typeof item.text === "string").map((item) => item.text).join("\n");
				content.push({
					type: "reasoning",
					text,
					...googleProviderMetadata({
						signature: thought.signature,
						interactionId
					})
				});
				break;
			}
			case "function_call": {
				hasFunctionCall = true;
				const call = step;
				content.push({
					type: "tool-call",
					toolCallId: call.id,
					toolName: call.name,
					input: JSON.stringify((_g = call.arguments) != null ? _g : {}),
					...googleProviderMetadata({
						signature: call.signature,
						interactionId
					})
				});
				break;
			}
			default: if (BUILTIN_TOOL_CALL_TYPES2.has(type)) {
				const call = step;
				const toolName = type === "mcp_server_tool_call" ? (_h = call.name) != null ? _h : "mcp_server_tool" : builtinToolNameFromCallType2(type);
				const input = JSON.stringify((_i = call.arguments) != null ? _i : {});
				content.push({
					type: "tool-call",
					toolCallId: (_j = call.id) != null ? _j : generateId3(),
					toolName,
					input,
					providerExecuted: true
				});
			} else if (BUILTIN_TOOL_RESULT_TYPES2.has(type)) {
				const result = step;
				const toolName = type === "mcp_server_tool_result" ? (_k = result.name) != null ? _k : "mcp_server_tool" : builtinToolNameFromResultType2(type);
				content.push({
					type: "tool-result",
					toolCallId: (_l = result.call_id) != null ? _l : generateId3(),
					toolName,
					result: (_m = result.result) != null ? _m : null
				});
				const sources = builtinToolResultToSources({
					block: step,
					generateId: generateId3
				});
				for (const source of sources) content.push(source);
			}
		}
	}
	return {
		content,
		hasFunctionCall
	};
}
var getOriginalFetch = () => globalThis.fetch;
async function cancelGoogleInteraction({ baseURL, interactionId, headers, fetch = getOriginalFetch() }) {
	if (interactionId == null || interactionId.length === 0) return;
	const url = `${baseURL}/interactions/${encodeURIComponent(interactionId)}/cancel`;
	try {
		const response = await fetch(url, {
			method: "POST",
			headers: withUserAgentSuffix(combineHeaders({ "Content-Type": "application/json" }, headers), getRuntimeEnvironmentUserAgent()),
			body: "{}"
		});
		try {
			await response.text();
		} catch (e) {}
	} catch (e) {}
}
var TERMINAL_STATUSES = /* @__PURE__ */ new Set([
	"completed",
	"failed",
	"cancelled",
	"incomplete"
]);
function isTerminalStatus(status) {
	return status != null && TERMINAL_STATUSES.has(status);
}
var DEFAULT_INITIAL_DELAY_MS = 1e3;
var DEFAULT_MAX_DELAY_MS = 1e4;
var DEFAULT_TIMEOUT_MS = 18e5;
async function pollGoogleInteractionUntilTerminal({ baseURL, interactionId, headers, fetch, abortSignal, initialDelayMs = DEFAULT_INITIAL_DELAY_MS, maxDelayMs = DEFAULT_MAX_DELAY_MS, timeoutMs = DEFAULT_TIMEOUT_MS }) {
	if (interactionId == null || interactionId.length === 0) throw new Error("google.interactions: cannot poll a background interaction without an id. The POST response did not include an interaction id.");
	const startedAt = Date.now();
	let nextDelayMs = initialDelayMs;
	const url = `${baseURL}/interactions/${encodeURIComponent(interactionId)}`;
	const cancelOnServer = () => cancelGoogleInteraction({
		baseURL,
		interactionId,
		headers,
		fetch
	});
	try {
		while (true) {
			if (abortSignal == null ? void 0 : abortSignal.aborted) {
				await cancelOnServer();
				throw new DOMException("Polling was aborted", "AbortError");
			}
			if (Date.now() - startedAt > timeoutMs) throw new Error(`google.interactions: timed out polling interaction ${interactionId} after ${timeoutMs}ms.`);
			await delay(nextDelayMs, { abortSignal });
			const { value: response, rawValue: rawResponse, responseHeaders } = await getFromApi({
				url,
				headers,
				failedResponseHandler: googleFailedResponseHandler,
				successfulResponseHandler: createJsonResponseHandler(googleInteractionsResponseSchema),
				abortSignal,
				fetch
			});
			if (isTerminalStatus(response.status)) return {
				response,
				rawResponse,
				responseHeaders
			};
			nextDelayMs = Math.min(nextDelayMs * 2, maxDelayMs);
		}
	} catch (error) {
		if (isAbortError(error)) await cancelOnServer();
		throw error;
	}
}
function prepareGoogleInteractionsTools({ tools, toolChoice }) {
	var _a2, _b, _c, _d;
	const toolWarnings = [];
	if ((toolChoice == null ? void 0 : toolChoice.type) === "none") return {
		tools: void 0,
		toolChoice: void 0,
		toolWarnings
	};
	const normalized = (tools == null ? void 0 : tools.length) ? tools : void 0;
	if (normalized == null) return {
		tools: void 0,
		toolChoice: void 0,
		toolWarnings
	};
	const interactionsTools = [];
	for (const tool of normalized) {
		if (tool.type === "function") {
			interactionsTools.push({
				type: "function",
				name: tool.name,
				description: (_a2 = tool.description) != null ? _a2 : "",
				parameters: tool.inputSchema
			});
			continue;
		}
		if (tool.type === "provider") {
			const args = (_b = tool.args) != null ? _b : {};
			switch (tool.id) {
				case "google.google_search": {
					const searchTypesArg = args.searchTypes;
					let search_types;
					if (searchTypesArg != null && typeof searchTypesArg === "object") {
						const list = [];
						if (searchTypesArg.webSearch != null) list.push("web_search");
						if (searchTypesArg.imageSearch != null) list.push("image_search");
						if (list.length > 0) search_types = list;
					}
					interactionsTools.push({
						type: "google_search",
						...search_types != null ? { search_types } : {}
					});
					break;
				}
				case "google.code_execution":
					interactionsTools.push({ type: "code_execution" });
					break;
				case "google.url_context":
					interactionsTools.push({ type: "url_context" });
					break;
				case "google.file_search":
					interactionsTools.push({
						type: "file_search",
						...args.fileSearchStoreNames != null ? { file_search_store_names: args.fileSearchStoreNames } : {},
						...args.topK != null ? { top_k: args.topK } : {},
						...args.metadataFilter != null ? { metadata_filter: args.metadataFilter } : {}
					});
					break;
				case "google.google_maps":
					interactionsTools.push({
						type: "google_maps",
						...args.latitude != null ? { latitude: args.latitude } : {},
						...args.longitude != null ? { longitude: args.longitude } : {},
						...args.enableWidget != null ? { enable_widget: args.enableWidget } : {}
					});
					break;
				case "google.computer_use":
					interactionsTools.push({
						type: "computer_use",
						environment: (_c = args.environment) != null ? _c : "browser",
						...args.excludedPredefinedFunctions != null ? { excludedPredefinedFunctions: args.excludedPredefinedFunctions } : {}
					});
					break;
				case "google.mcp_server":
					interactionsTools.push({
						type: "mcp_server",
						...args.name != null ? { name: args.name } : {},
						...args.url != null ? { url: args.url } : {},
						...args.headers != null ? { headers: args.headers } : {},
						...args.allowedTools != null ? { allowed_tools: args.allowedTools } : {}
					});
					break;
				case "google.retrieval": {
					const vertexAiSearchConfig = (_d = args.vertexAiSearchConfig) != null ? _d : void 0;
					interactionsTools.push({
						type: "retrieval",
						...args.retrievalTypes != null ? { retrieval_types: args.retrievalTypes } : { retrieval_types: ["vertex_ai_search"] },
						...vertexAiSearchConfig != null ? { vertex_ai_search_config: vertexAiSearchConfig } : {}
					});
					break;
				}
				default: toolWarnings.push({
					type: "unsupported",
					feature: `provider-defined tool ${tool.id}`,
					details: `provider-defined tool ${tool.id} is not supported by google.interactions; tool dropped.`
				});
			}
			continue;
		}
		toolWarnings.push({
			type: "unsupported",
			feature: `tool of type ${tool.type}`,
			details: "Only function tools and google.* provider-defined tools are supported by google.interactions; tool dropped."
		});
	}
	const hasFunctionTool = interactionsTools.some((t) => t.type === "function");
	let mappedToolChoice;
	if (toolChoice != null && hasFunctionTool) switch (toolChoice.type) {
		case "auto":
			mappedToolChoice = "auto";
			break;
		case "required":
			mappedToolChoice = "any";
			break;
		case "tool": mappedToolChoice = { allowed_tools: {
			mode: "validated",
			tools: [toolChoice.toolName]
		} };
	}
	return {
		tools: interactionsTools.length > 0 ? interactionsTools : void 0,
		toolChoice: mappedToolChoice,
		toolWarnings
	};
}
var DEFAULT_MAX_RETRIES = 3;
var DEFAULT_RETRY_DELAY_MS = 500;
function streamGoogleInteractionEvents({ baseURL, interactionId, headers, fetch, abortSignal, maxRetries = DEFAULT_MAX_RETRIES, retryDelayMs = DEFAULT_RETRY_DELAY_MS }) {
	if (interactionId.length === 0) throw new Error("google.interactions: cannot stream a background interaction without an id.");
	const eventSourceHeaders = {
		...headers,
		accept: "text/event-stream"
	};
	let lastEventId;
	let complete = false;
	let attempt = 0;
	let receivedAnyEventThisAttempt = false;
	let currentReader;
	const internalAbort = new AbortController();
	const upstreamAbortHandler = () => internalAbort.abort();
	if (abortSignal != null) {
		if (abortSignal.aborted) internalAbort.abort();
		else abortSignal.addEventListener("abort", upstreamAbortHandler, { once: true });
	}
	const effectiveSignal = internalAbort.signal;
	function buildUrl() {
		const base = `${baseURL}/interactions/${encodeURIComponent(interactionId)}`;
		const params = new URLSearchParams({ stream: "true" });
		if (lastEventId != null) params.set("last_event_id", lastEventId);
		return `${base}?${params.toString()}`;
	}
	async function openReader() {
		const { value: stream } = await getFromApi({
			url: buildUrl(),
			headers: eventSourceHeaders,
			failedResponseHandler: googleFailedResponseHandler,
			successfulResponseHandler: createEventSourceResponseHandler(googleInteractionsEventSchema),
			abortSignal: effectiveSignal,
			fetch
		});
		return stream.getReader();
	}
	return new ReadableStream({
		async start(controller) {
			try {
				while (!complete && !effectiveSignal.aborted) {
					if (currentReader == null) try {
						currentReader = await openReader();
						receivedAnyEventThisAttempt = false;
					} catch (error) {
						if (isAbortError(error) || effectiveSignal.aborted) {
							controller.error(error);
							return;
						}
						attempt++;
						if (attempt >= maxRetries) {
							controller.error(error);
							return;
						}
						await delay(retryDelayMs * attempt, { abortSignal: effectiveSignal });
						continue;
					}
					try {
						const { done, value } = await currentReader.read();
						if (done) {
							currentReader = void 0;
							if (complete) break;
							if (!receivedAnyEventThisAttempt) {
								attempt++;
								if (attempt >= maxRetries) {
									controller.error(/* @__PURE__ */ new Error("google.interactions: SSE stream closed without producing any events."));
									return;
								}
								await delay(retryDelayMs * attempt, { abortSignal: effectiveSignal });
							} else attempt = 0;
							continue;
						}
						receivedAnyEventThisAttempt = true;
						if (value.success) {
							const ev = value.value;
							if (typeof ev.event_id === "string" && ev.event_id.length > 0) lastEventId = ev.event_id;
							if (ev.event_type === "interaction.completed" || ev.event_type === "error") complete = true;
						}
						controller.enqueue(value);
					} catch (error) {
						if (isAbortError(error) || effectiveSignal.aborted) {
							controller.error(error);
							return;
						}
						currentReader = void 0;
						attempt++;
						if (attempt >= maxRetries) {
							controller.error(error);
							return;
						}
						await delay(retryDelayMs * attempt, { abortSignal: effectiveSignal });
					}
				}
				controller.close();
			} catch (error) {
				controller.error(error);
			} finally {
				if (abortSignal != null) abortSignal.removeEventListener("abort", upstreamAbortHandler);
				currentReader?.cancel().catch(() => {});
				currentReader = void 0;
				if (effectiveSignal.aborted && !complete) await cancelGoogleInteraction({
					baseURL,
					interactionId,
					headers,
					fetch
				});
			}
		},
		cancel() {
			internalAbort.abort();
			currentReader?.cancel().catch(() => {});
			currentReader = void 0;
		}
	});
}
function synthesizeGoogleInteractionsAgentStream({ response, warnings, generateId: generateId3, includeRawChunks, headerServiceTier }) {
	return new ReadableStream({ start(controller) {
		var _a2, _b, _c;
		controller.enqueue({
			type: "stream-start",
			warnings
		});
		const interactionId = typeof response.id === "string" && response.id.length > 0 ? response.id : void 0;
		let timestamp;
		const created = response.created;
		if (typeof created === "string") {
			const parsed = new Date(created);
			if (!Number.isNaN(parsed.getTime())) timestamp = parsed;
		}
		controller.enqueue({
			type: "response-metadata",
			...interactionId != null ? { id: interactionId } : {},
			modelId: (_a2 = response.model) != null ? _a2 : void 0,
			...timestamp ? { timestamp } : {}
		});
		if (includeRawChunks) controller.enqueue({
			type: "raw",
			rawValue: response
		});
		const { content, hasFunctionCall } = parseGoogleInteractionsOutputs({
			steps: (_b = response.steps) != null ? _b : null,
			generateId: generateId3,
			interactionId
		});
		let blockCounter = 0;
		const nextBlockId = () => `${interactionId != null ? interactionId : "agent"}:${blockCounter++}`;
		for (const part of content) switch (part.type) {
			case "text": {
				const id = nextBlockId();
				const providerMetadata2 = part.providerMetadata;
				controller.enqueue({
					type: "text-start",
					id
				});
				if (part.text.length > 0) controller.enqueue({
					type: "text-delta",
					id,
					delta: part.text
				});
				controller.enqueue({
					type: "text-end",
					id,
					...providerMetadata2 ? { providerMetadata: providerMetadata2 } : {}
				});
				break;
			}
			case "reasoning": {
				const id = nextBlockId();
				const providerMetadata2 = part.providerMetadata;
				controller.enqueue({
					type: "reasoning-start",
					id
				});
				if (part.text.length > 0) controller.enqueue({
					type: "reasoning-delta",
					id,
					delta: part.text
				});
				controller.enqueue({
					type: "reasoning-end",
					id,
					...providerMetadata2 ? { providerMetadata: providerMetadata2 } : {}
				});
				break;
			}
			case "tool-call": {
				const providerMetadata2 = part.providerMetadata;
				controller.enqueue({
					type: "tool-input-start",
					id: part.toolCallId,
					toolName: part.toolName,
					...part.providerExecuted ? { providerExecuted: part.providerExecuted } : {}
				});
				controller.enqueue({
					type: "tool-input-delta",
					id: part.toolCallId,
					delta: part.input
				});
				controller.enqueue({
					type: "tool-input-end",
					id: part.toolCallId
				});
				controller.enqueue({
					type: "tool-call",
					toolCallId: part.toolCallId,
					toolName: part.toolName,
					input: part.input,
					...part.providerExecuted ? { providerExecuted: part.providerExecuted } : {},
					...providerMetadata2 ? { providerMetadata: providerMetadata2 } : {}
				});
				break;
			}
			case "tool-result":
				controller.enqueue({
					type: "tool-result",
					toolCallId: part.toolCallId,
					toolName: part.toolName,
					result: part.result
				});
				break;
			case "source":
			case "file": controller.enqueue(part);
		}
		const serviceTier = (_c = response.service_tier) != null ? _c : headerServiceTier;
		const finishReason = {
			unified: mapGoogleInteractionsFinishReason({
				status: response.status,
				hasFunctionCall
			}),
			raw: response.status
		};
		const providerMetadata = { google: {
			...interactionId != null ? { interactionId } : {},
			...serviceTier != null ? { serviceTier } : {}
		} };
		controller.enqueue({
			type: "finish",
			finishReason,
			usage: convertGoogleInteractionsUsage(response.usage),
			providerMetadata
		});
		controller.close();
	} });
}
var GoogleInteractionsLanguageModel = class {
	constructor(modelOrAgent, config) {
		this.specificationVersion = "v3";
		if (typeof modelOrAgent === "string") {
			this.modelId = modelOrAgent;
			this.agent = void 0;
		} else if ("managedAgent" in modelOrAgent) {
			this.modelId = modelOrAgent.managedAgent;
			this.agent = modelOrAgent.managedAgent;
		} else {
			this.modelId = modelOrAgent.agent;
			this.agent = modelOrAgent.agent;
		}
		this.config = config;
	}
	get provider() {
		return this.config.provider;
	}
	get supportedUrls() {
		if (this.config.supportedUrls) return this.config.supportedUrls();
		return {
			"image/*": [/^https?:\/\/.+/],
			"application/pdf": [/^https?:\/\/.+/],
			"audio/*": [/^https?:\/\/.+/],
			"video/*": [
				/^https?:\/\/(www\.)?youtube\.com\/watch\?v=.+/,
				/^https?:\/\/youtu\.be\/.+/,
				/^gs:\/\/.+/
			]
		};
	}
	async getArgs(options) {
		var _a2, _b, _c, _d, _e, _f, _g, _h, _i, _j, _k, _l, _m, _n, _o, _p, _q, _r, _s, _t, _u, _v, _w, _x, _y, _z, _A, _B, _C, _D, _E, _F;
		const warnings = [];
		const opts = await parseProviderOptions({
			provider: "google",
			providerOptions: options.providerOptions,
			schema: googleInteractionsLanguageModelOptions
		});
		const isAgent = this.agent != null;
		if (!isAgent) {
			if (options.frequencyPenalty != null) warnings.push({
				type: "unsupported",
				feature: "frequencyPenalty"
			});
			if (options.presencePenalty != null) warnings.push({
				type: "unsupported",
				feature: "presencePenalty"
			});
		}
		const hasTools = options.tools != null && options.tools.length > 0;
		let toolsForBody;
		let toolChoiceForBody;
		if (hasTools) {
			const prepared = prepareGoogleInteractionsTools({
				tools: options.tools,
				toolChoice: options.toolChoice
			});
			toolsForBody = prepared.tools;
			toolChoiceForBody = prepared.toolChoice;
			warnings.push(...prepared.toolWarnings);
		}
		const responseFormatEntries = [];
		if (((_a2 = options.responseFormat) == null ? void 0 : _a2.type) === "json") {
			if (isAgent) warnings.push({
				type: "other",
				message: "google.interactions: structured output (responseFormat) is not supported when an agent is set; responseFormat will be ignored."
			});
			else {
				const entry = {
					type: "text",
					mime_type: "application/json",
					...options.responseFormat.schema != null ? { schema: options.responseFormat.schema } : {}
				};
				responseFormatEntries.push(entry);
			}
		}
		if ((opts == null ? void 0 : opts.responseFormat) != null) {
			for (const entry of opts.responseFormat) if (entry.type === "text") responseFormatEntries.push(pruneUndefined({
				type: "text",
				mime_type: (_b = entry.mimeType) != null ? _b : void 0,
				schema: (_c = entry.schema) != null ? _c : void 0
			}));
			else if (entry.type === "image") responseFormatEntries.push(pruneUndefined({
				type: "image",
				mime_type: (_d = entry.mimeType) != null ? _d : void 0,
				aspect_ratio: (_e = entry.aspectRatio) != null ? _e : void 0,
				image_size: (_f = entry.imageSize) != null ? _f : void 0
			}));
			else if (entry.type === "audio") responseFormatEntries.push(pruneUndefined({
				type: "audio",
				mime_type: (_g = entry.mimeType) != null ? _g : void 0
			}));
			else if (entry.type === "video") responseFormatEntries.push(pruneUndefined({
				type: "video",
				aspect_ratio: (_h = entry.aspectRatio) != null ? _h : void 0,
				resolution: (_i = entry.resolution) != null ? _i : void 0,
				duration: (_j = entry.duration) != null ? _j : void 0,
				delivery: (_k = entry.delivery) != null ? _k : void 0,
				gcs_uri: (_l = entry.gcsUri) != null ? _l : void 0
			}));
		}
		const { input, systemInstruction: convertedSystemInstruction, warnings: convWarnings } = convertToGoogleInteractionsInput({
			prompt: options.prompt,
			previousInteractionId: (_m = opts == null ? void 0 : opts.previousInteractionId) != null ? _m : void 0,
			store: (_n = opts == null ? void 0 : opts.store) != null ? _n : void 0,
			mediaResolution: (_o = opts == null ? void 0 : opts.mediaResolution) != null ? _o : void 0
		});
		warnings.push(...convWarnings);
		let systemInstruction = convertedSystemInstruction;
		const optionSystemInstruction = (_p = opts == null ? void 0 : opts.systemInstruction) != null ? _p : void 0;
		if (systemInstruction != null && optionSystemInstruction != null) warnings.push({
			type: "other",
			message: "google.interactions: both AI SDK system message and providerOptions.google.systemInstruction were set; using the AI SDK system message."
		});
		else if (systemInstruction == null && optionSystemInstruction != null) systemInstruction = optionSystemInstruction;
		let generationConfig;
		if (isAgent) {
			const droppedFields = [];
			if (options.temperature != null) droppedFields.push("temperature");
			if (options.topP != null) droppedFields.push("topP");
			if (options.topK != null) droppedFields.push("topK");
			if (options.frequencyPenalty != null) droppedFields.push("frequencyPenalty");
			if (options.presencePenalty != null) droppedFields.push("presencePenalty");
			if (options.seed != null) droppedFields.push("seed");
			if (options.stopSequences != null && options.stopSequences.length > 0) droppedFields.push("stopSequences");
			if (options.maxOutputTokens != null) droppedFields.push("maxOutputTokens");
			if ((opts == null ? void 0 : opts.thinkingLevel) != null) droppedFields.push("thinkingLevel");
			if ((opts == null ? void 0 : opts.thinkingSummaries) != null) droppedFields.push("thinkingSummaries");
			if ((opts == null ? void 0 : opts.imageConfig) != null) droppedFields.push("imageConfig");
			if (droppedFields.length > 0) warnings.push({
				type: "other",
				message: `google.interactions: ${droppedFields.join(", ")} ${droppedFields.length === 1 ? "is" : "are"} not supported when an agent is set; use providerOptions.google.agentConfig instead. Dropped from the request body.`
			});
			generationConfig = void 0;
		} else {
			generationConfig = pruneUndefined({
				temperature: (_q = options.temperature) != null ? _q : void 0,
				top_p: (_r = options.topP) != null ? _r : void 0,
				top_k: (_s = options.topK) != null ? _s : void 0,
				seed: (_t = options.seed) != null ? _t : void 0,
				stop_sequences: options.stopSequences != null && options.stopSequences.length > 0 ? options.stopSequences : void 0,
				max_output_tokens: (_u = options.maxOutputTokens) != null ? _u : void 0,
				thinking_level: (_v = opts == null ? void 0 : opts.thinkingLevel) != null ? _v : void 0,
				thinking_summaries: (_w = opts == null ? void 0 : opts.thinkingSummaries) != null ? _w : void 0,
				tool_choice: toolChoiceForBody
			});
			if ((opts == null ? void 0 : opts.imageConfig) != null) {
				const alreadyHasImageEntry = responseFormatEntries.some((entry) => entry.type === "image");
				warnings.push({
					type: "other",
					message: alreadyHasImageEntry ? "google.interactions: providerOptions.google.imageConfig is deprecated and was ignored because providerOptions.google.responseFormat already supplies an image entry. Use responseFormat exclusively." : "google.interactions: providerOptions.google.imageConfig is deprecated. Use providerOptions.google.responseFormat with a { type: \"image\", ... } entry instead."
				});
				if (!alreadyHasImageEntry) responseFormatEntries.push({
					type: "image",
					mime_type: "image/png",
					...opts.imageConfig.aspectRatio != null ? { aspect_ratio: opts.imageConfig.aspectRatio } : {},
					...opts.imageConfig.imageSize != null ? { image_size: opts.imageConfig.imageSize } : {}
				});
			}
		}
		let agentConfig;
		if (isAgent && (opts == null ? void 0 : opts.agentConfig) != null) {
			const ac = opts.agentConfig;
			if (ac.type === "deep-research") agentConfig = pruneUndefined({
				type: "deep-research",
				thinking_summaries: (_x = ac.thinkingSummaries) != null ? _x : void 0,
				visualization: (_y = ac.visualization) != null ? _y : void 0,
				collaborative_planning: (_z = ac.collaborativePlanning) != null ? _z : void 0
			});
			else if (ac.type === "dynamic") agentConfig = { type: "dynamic" };
		}
		let environment;
		if ((opts == null ? void 0 : opts.environment) != null) {
			if (!isAgent) warnings.push({
				type: "other",
				message: "google.interactions: environment is only supported when an agent is set; environment will be omitted from the request body."
			});
			else if (typeof opts.environment === "string") environment = opts.environment;
			else {
				const env = opts.environment;
				const sources = (_A = env.sources) == null ? void 0 : _A.map((s) => {
					var _a3;
					if (s.type === "inline") return {
						type: "inline",
						content: s.content,
						target: s.target
					};
					return pruneUndefined({
						type: s.type,
						source: s.source,
						target: (_a3 = s.target) != null ? _a3 : void 0
					});
				});
				let network;
				if (env.network === "disabled") network = "disabled";
				else if (env.network != null) network = { allowlist: env.network.allowlist.map((entry) => {
					var _a3;
					return pruneUndefined({
						domain: entry.domain,
						transform: (_a3 = entry.transform) != null ? _a3 : void 0
					});
				}) };
				environment = pruneUndefined({
					type: "remote",
					sources: sources != null && sources.length > 0 ? sources : void 0,
					network
				});
			}
		}
		return {
			args: pruneUndefined({
				...isAgent ? { agent: this.agent } : { model: this.modelId },
				input,
				system_instruction: systemInstruction,
				tools: toolsForBody,
				response_format: responseFormatEntries.length > 0 ? responseFormatEntries : void 0,
				response_modalities: (opts == null ? void 0 : opts.responseModalities) != null ? opts.responseModalities : void 0,
				previous_interaction_id: (_B = opts == null ? void 0 : opts.previousInteractionId) != null ? _B : void 0,
				service_tier: (_C = opts == null ? void 0 : opts.serviceTier) != null ? _C : void 0,
				store: (_D = opts == null ? void 0 : opts.store) != null ? _D : void 0,
				generation_config: generationConfig != null && Object.keys(generationConfig).length > 0 ? generationConfig : void 0,
				agent_config: agentConfig,
				environment,
				background: (_E = opts == null ? void 0 : opts.background) != null ? _E : void 0
			}),
			warnings,
			isAgent,
			isBackground: (opts == null ? void 0 : opts.background) === true,
			pollingTimeoutMs: (_F = opts == null ? void 0 : opts.pollingTimeoutMs) != null ? _F : void 0
		};
	}
	async doGenerate(options) {
		var _a2, _b, _c, _d, _e, _f;
		const { args, warnings, isAgent, isBackground, pollingTimeoutMs } = await this.getArgs(options);
		const url = `${this.config.baseURL}/interactions`;
		const mergedHeaders = combineHeaders(INTERACTIONS_API_REVISION_HEADER, this.config.headers ? await resolve(this.config.headers) : void 0, options.headers);
		let { responseHeaders, value: response, rawValue: rawResponse } = await postJsonToApi({
			url,
			headers: mergedHeaders,
			body: args,
			failedResponseHandler: googleFailedResponseHandler,
			successfulResponseHandler: createJsonResponseHandler(googleInteractionsResponseSchema),
			abortSignal: options.abortSignal,
			fetch: this.config.fetch
		});
		if ((isAgent || isBackground) && !isTerminalStatus(response.status)) {
			const polled = await pollGoogleInteractionUntilTerminal({
				baseURL: this.config.baseURL,
				interactionId: response.id,
				headers: mergedHeaders,
				fetch: this.config.fetch,
				abortSignal: options.abortSignal,
				timeoutMs: pollingTimeoutMs
			});
			response = polled.response;
			rawResponse = polled.rawResponse;
			responseHeaders = (_a2 = polled.responseHeaders) != null ? _a2 : responseHeaders;
		}
		const interactionId = typeof response.id === "string" && response.id.length > 0 ? response.id : void 0;
		const { content, hasFunctionCall } = parseGoogleInteractionsOutputs({
			steps: (_b = response.steps) != null ? _b : null,
			generateId: (_c = this.config.generateId) != null ? _c : generateId,
			interactionId
		});
		const finishReason = {
			unified: mapGoogleInteractionsFinishReason({
				status: response.status,
				hasFunctionCall
			}),
			raw: response.status
		};
		const serviceTier = (_e = (_d = response.service_tier) != null ? _d : responseHeaders == null ? void 0 : responseHeaders["x-gemini-service-tier"]) != null ? _e : void 0;
		const outputTokensByModality = getGoogleInteractionsOutputTokensByModality(response.usage);
		const providerMetadata = { google: {
			...interactionId != null ? { interactionId } : {},
			...serviceTier != null ? { serviceTier } : {},
			...outputTokensByModality != null ? { outputTokensByModality } : {}
		} };
		let timestamp;
		if (typeof response.created === "string") {
			const parsed = new Date(response.created);
			if (!Number.isNaN(parsed.getTime())) timestamp = parsed;
		}
		return {
			content,
			finishReason,
			usage: convertGoogleInteractionsUsage(response.usage),
			warnings,
			providerMetadata,
			request: { body: args },
			response: {
				headers: responseHeaders,
				body: rawResponse,
				...interactionId != null ? { id: interactionId } : {},
				...timestamp ? { timestamp } : {},
				modelId: (_f = response.model) != null ? _f : void 0
			}
		};
	}
	async doStream(options) {
		var _a2;
		const { args, warnings, isBackground, pollingTimeoutMs } = await this.getArgs(options);
		const url = `${this.config.baseURL}/interactions`;
		const mergedHeaders = combineHeaders(INTERACTIONS_API_REVISION_HEADER, this.config.headers ? await resolve(this.config.headers) : void 0, options.headers);
		if (isBackground) return this.doStreamBackground({
			args,
			warnings,
			url,
			mergedHeaders,
			options,
			pollingTimeoutMs
		});
		const body = {
			...args,
			stream: true
		};
		const { responseHeaders, value: response } = await postJsonToApi({
			url,
			headers: mergedHeaders,
			body,
			failedResponseHandler: googleFailedResponseHandler,
			successfulResponseHandler: createEventSourceResponseHandler(googleInteractionsEventSchema),
			abortSignal: options.abortSignal,
			fetch: this.config.fetch
		});
		const headerServiceTier = responseHeaders == null ? void 0 : responseHeaders["x-gemini-service-tier"];
		const transform = buildGoogleInteractionsStreamTransform({
			warnings,
			generateId: (_a2 = this.config.generateId) != null ? _a2 : generateId,
			includeRawChunks: options.includeRawChunks,
			serviceTier: headerServiceTier
		});
		return {
			stream: response.pipeThrough(transform),
			request: { body },
			response: { headers: responseHeaders }
		};
	}
	async doStreamBackground({ args, warnings, url, mergedHeaders, options, pollingTimeoutMs }) {
		var _a2, _b;
		const { responseHeaders: postHeaders, value: postResponse } = await postJsonToApi({
			url,
			headers: mergedHeaders,
			body: args,
			failedResponseHandler: googleFailedResponseHandler,
			successfulResponseHandler: createJsonResponseHandler(googleInteractionsResponseSchema),
			abortSignal: options.abortSignal,
			fetch: this.config.fetch
		});
		const interactionId = postResponse.id;
		if (interactionId == null || interactionId.length === 0) throw new Error("google.interactions: background POST response did not include an interaction id; cannot stream the result.");
		const headerServiceTier = postHeaders == null ? void 0 : postHeaders["x-gemini-service-tier"];
		if (isTerminalStatus(postResponse.status)) return {
			stream: synthesizeGoogleInteractionsAgentStream({
				response: postResponse,
				warnings,
				generateId: (_a2 = this.config.generateId) != null ? _a2 : generateId,
				includeRawChunks: options.includeRawChunks,
				headerServiceTier
			}),
			request: { body: args },
			response: { headers: postHeaders }
		};
		const events = streamGoogleInteractionEvents({
			baseURL: this.config.baseURL,
			interactionId,
			headers: mergedHeaders,
			fetch: this.config.fetch,
			abortSignal: options.abortSignal
		});
		const transform = buildGoogleInteractionsStreamTransform({
			warnings,
			generateId: (_b = this.config.generateId) != null ? _b : generateId,
			includeRawChunks: options.includeRawChunks,
			serviceTier: headerServiceTier
		});
		return {
			stream: events.pipeThrough(transform),
			request: { body: args },
			response: { headers: postHeaders }
		};
	}
};
var INTERACTIONS_API_REVISION_HEADER = { "Api-Revision": "2026-05-20" };
function pruneUndefined(obj) {
	const result = {};
	for (const [key, value] of Object.entries(obj)) {
		if (value === void 0) continue;
		result[key] = value;
	}
	return result;
}
var supportedExternalUrlMediaTypes = [
	"text/html",
	"text/css",
	"text/plain",
	"text/xml",
	"text/csv",
	"text/rtf",
	"text/javascript",
	"application/json",
	"application/pdf",
	"image/bmp",
	"image/jpeg",
	"image/png",
	"image/webp",
	"video/mp4",
	"video/mpeg",
	"video/quicktime",
	"video/avi",
	"video/x-flv",
	"video/mpg",
	"video/webm",
	"video/wmv",
	"video/3gpp"
];
var externalHttpsUrlPattern = /^https:\/\/.*$/;
function supportsExternalFileUrls(modelId) {
	return /(^|\/)gemini-/.test(modelId) && !/(^|\/)gemini-2\.0/.test(modelId);
}
function createGoogleGenerativeAI(options = {}) {
	var _a2, _b;
	const baseURL = (_a2 = withoutTrailingSlash(options.baseURL)) != null ? _a2 : "https://generativelanguage.googleapis.com/v1beta";
	const providerName = (_b = options.name) != null ? _b : "google.generative-ai";
	const getHeaders = () => withUserAgentSuffix({
		"x-goog-api-key": loadApiKey({
			apiKey: options.apiKey,
			environmentVariableName: "GOOGLE_GENERATIVE_AI_API_KEY",
			description: "Google Generative AI"
		}),
		...options.headers
	}, `ai-sdk/google/${VERSION}`);
	const createChatModel = (modelId) => {
		var _a3;
		return new GoogleGenerativeAILanguageModel(modelId, {
			provider: providerName,
			baseURL,
			headers: getHeaders,
			generateId: (_a3 = options.generateId) != null ? _a3 : generateId,
			supportedUrls: () => ({
				"*": [
					new RegExp(`^${baseURL}/files/.*$`),
					new RegExp(`^https://(?:www\\.)?youtube\\.com/watch\\?v=[\\w-]+(?:&[\\w=&.-]*)?$`),
					new RegExp(`^https://youtu\\.be/[\\w-]+(?:\\?[\\w=&.-]*)?$`)
				],
				...supportsExternalFileUrls(modelId) ? Object.fromEntries(supportedExternalUrlMediaTypes.map((mediaType) => [mediaType, [externalHttpsUrlPattern]])) : {}
			}),
			fetch: options.fetch
		});
	};
	const createEmbeddingModel = (modelId) => new GoogleGenerativeAIEmbeddingModel(modelId, {
		provider: providerName,
		baseURL,
		headers: getHeaders,
		fetch: options.fetch
	});
	const createImageModel = (modelId, settings = {}) => new GoogleGenerativeAIImageModel(modelId, settings, {
		provider: providerName,
		baseURL,
		headers: getHeaders,
		fetch: options.fetch
	});
	const createTranscriptionModel = (modelId) => new GoogleTranscriptionModel(modelId, {
		provider: `${providerName}.transcription`,
		baseURL,
		headers: getHeaders,
		fetch: options.fetch
	});
	const createVideoModel = (modelId) => {
		var _a3;
		return new GoogleGenerativeAIVideoModel(modelId, {
			provider: providerName,
			baseURL,
			headers: getHeaders,
			fetch: options.fetch,
			generateId: (_a3 = options.generateId) != null ? _a3 : generateId
		});
	};
	const createInteractionsModel = (modelIdOrAgent) => {
		var _a3;
		return new GoogleInteractionsLanguageModel(modelIdOrAgent, {
			provider: `${providerName}.interactions`,
			baseURL,
			headers: getHeaders,
			generateId: (_a3 = options.generateId) != null ? _a3 : generateId,
			fetch: options.fetch
		});
	};
	const provider = function(modelId) {
		if (new.target) throw new Error("The Google Generative AI model function cannot be called with the new keyword.");
		return createChatModel(modelId);
	};
	provider.specificationVersion = "v3";
	provider.languageModel = createChatModel;
	provider.chat = createChatModel;
	provider.generativeAI = createChatModel;
	provider.embedding = createEmbeddingModel;
	provider.embeddingModel = createEmbeddingModel;
	provider.textEmbedding = createEmbeddingModel;
	provider.textEmbeddingModel = createEmbeddingModel;
	provider.image = createImageModel;
	provider.imageModel = createImageModel;
	provider.transcription = createTranscriptionModel;
	provider.transcriptionModel = createTranscriptionModel;
	provider.video = createVideoModel;
	provider.videoModel = createVideoModel;
	provider.interactions = createInteractionsModel;
	provider.tools = googleTools;
	return provider;
}
createGoogleGenerativeAI();
export { createGoogleGenerativeAI };
