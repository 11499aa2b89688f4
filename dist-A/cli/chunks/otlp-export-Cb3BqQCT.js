import { a as __toCommonJS, i as __require, n as __esmMin, o as __toESM, r as __exportAll, t as __commonJSMin } from "./rolldown-runtime-C1I3wEg2.js";
import { a as diag, d as SpanKind, h as ROOT_CONTEXT, i as trace, l as SpanStatusCode, n as init_esm$1, p as createNoopMeter, t as esm_exports$1 } from "./esm-C4JdD_CE.js";
import { t as createPromptAssembler } from "./model-prompt-B33pgNqq.js";
import { n as parseModelId } from "./model-id-347qJjRz.js";
import * as fs from "fs";
import * as path from "path";
import * as zlib from "zlib";
import { Readable } from "stream";
// node_modules/@opentelemetry/core/build/src/trace/suppress-tracing.js
var require_suppress_tracing = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.isTracingSuppressed = exports.unsuppressTracing = exports.suppressTracing = void 0;
	const SUPPRESS_TRACING_KEY = (0, (init_esm$1(), __toCommonJS(esm_exports$1)).createContextKey)("OpenTelemetry SDK Context Key SUPPRESS_TRACING");
	function suppressTracing(context) {
		return context.setValue(SUPPRESS_TRACING_KEY, true);
	}
	exports.suppressTracing = suppressTracing;
	function unsuppressTracing(context) {
		return context.deleteValue(SUPPRESS_TRACING_KEY);
	}
	exports.unsuppressTracing = unsuppressTracing;
	function isTracingSuppressed(context) {
		return context.getValue(SUPPRESS_TRACING_KEY) === true;
	}
	exports.isTracingSuppressed = isTracingSuppressed;
}));
// node_modules/@opentelemetry/core/build/src/baggage/constants.js
var require_constants = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.BAGGAGE_MAX_TOTAL_LENGTH = exports.BAGGAGE_MAX_PER_NAME_VALUE_PAIRS = exports.BAGGAGE_MAX_NAME_VALUE_PAIRS = exports.BAGGAGE_HEADER = exports.BAGGAGE_ITEMS_SEPARATOR = exports.BAGGAGE_PROPERTIES_SEPARATOR = exports.BAGGAGE_KEY_PAIR_SEPARATOR = void 0;
	exports.BAGGAGE_KEY_PAIR_SEPARATOR = "=";
	exports.BAGGAGE_PROPERTIES_SEPARATOR = ";";
	exports.BAGGAGE_ITEMS_SEPARATOR = ",";
	exports.BAGGAGE_HEADER = "baggage";
	exports.BAGGAGE_MAX_NAME_VALUE_PAIRS = 180;
	exports.BAGGAGE_MAX_PER_NAME_VALUE_PAIRS = 4096;
	exports.BAGGAGE_MAX_TOTAL_LENGTH = 8192;
}));
// node_modules/@opentelemetry/core/build/src/baggage/utils.js
var require_utils$7 = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.parseKeyPairsIntoRecord = exports.parseBaggageHeaderString = exports.parsePairKeyValue = exports.getKeyPairs = exports.serializeKeyPairs = void 0;
	const api_1 = (init_esm$1(), __toCommonJS(esm_exports$1));
	const constants_1 = require_constants();
	function serializeKeyPairs(keyPairs) {
		return keyPairs.reduce((hValue, current) => {
			const value = `${hValue}${hValue !== "" ? constants_1.BAGGAGE_ITEMS_SEPARATOR : ""}${current}`;
			return value.length > constants_1.BAGGAGE_MAX_TOTAL_LENGTH ? hValue : value;
		}, "");
	}
	exports.serializeKeyPairs = serializeKeyPairs;
	function getKeyPairs(baggage) {
		return baggage.getAllEntries().map(([key, value]) => {
			let entry = `${encodeURIComponent(key)}=${encodeURIComponent(value.value)}`;
			if (value.metadata !== void 0) entry += constants_1.BAGGAGE_PROPERTIES_SEPARATOR + value.metadata.toString();
			return entry;
		});
	}
	exports.getKeyPairs = getKeyPairs;
	function parsePairKeyValue(entry) {
		if (!entry) return;
		const metadataSeparatorIndex = entry.indexOf(constants_1.BAGGAGE_PROPERTIES_SEPARATOR);
		const keyPairPart = metadataSeparatorIndex === -1 ? entry : entry.substring(0, metadataSeparatorIndex);
		const separatorIndex = keyPairPart.indexOf(constants_1.BAGGAGE_KEY_PAIR_SEPARATOR);
		if (separatorIndex <= 0) return;
		const rawKey = keyPairPart.substring(0, separatorIndex).trim();
		const rawValue = keyPairPart.substring(separatorIndex + 1).trim();
		if (!rawKey || !rawValue) return;
		let key;
		let value;
		try {
			key = decodeURIComponent(rawKey);
			value = decodeURIComponent(rawValue);
		} catch {
			return;
		}
		let metadata;
		if (metadataSeparatorIndex !== -1 && metadataSeparatorIndex < entry.length - 1) {
			const metadataString = entry.substring(metadataSeparatorIndex + 1);
			metadata = (0, api_1.baggageEntryMetadataFromString)(metadataString);
		}
		return {
			key,
			value,
			metadata
		};
	}
	exports.parsePairKeyValue = parsePairKeyValue;
	/**
	* Parses a single baggage header string into the provided record, applying limits defined in this package.
	* Uses indexOf/substring in a while loop to avoid allocating a full array of split entries.
	* Returns the updated pair count so callers can track totals across multiple header values.
	*/
	function parseBaggageHeaderString(value, baggage, count, totalSize) {
		let start = 0;
		while (start < value.length && count < constants_1.BAGGAGE_MAX_NAME_VALUE_PAIRS) {
			const end = value.indexOf(constants_1.BAGGAGE_ITEMS_SEPARATOR, start);
			const entryEnd = end === -1 ? value.length : end;
			const entryLength = entryEnd - start;
			if (entryLength <= constants_1.BAGGAGE_MAX_PER_NAME_VALUE_PAIRS) {
				const keyPair = parsePairKeyValue(value.substring(start, entryEnd));
				if (keyPair) {
					const entrySize = (count === 0 ? 0 : 1) + entryLength;
					if (totalSize + entrySize > constants_1.BAGGAGE_MAX_TOTAL_LENGTH) break;
					baggage[keyPair.key] = keyPair.metadata ? {
						value: keyPair.value,
						metadata: keyPair.metadata
					} : { value: keyPair.value };
					count++;
					totalSize += entrySize;
				}
			}
			if (end === -1) break;
			start = end + 1;
		}
		return [count, totalSize];
	}
	exports.parseBaggageHeaderString = parseBaggageHeaderString;
	/**
	* Parse a string serialized in the baggage HTTP Format (without metadata):
	* https://github.com/w3c/baggage/blob/master/baggage/HTTP_HEADER_FORMAT.md
	*/
	function parseKeyPairsIntoRecord(value) {
		const result = {};
		if (typeof value === "string" && value.length > 0) value.split(constants_1.BAGGAGE_ITEMS_SEPARATOR).forEach((entry) => {
			const keyPair = parsePairKeyValue(entry);
			if (keyPair !== void 0 && keyPair.value.length > 0) result[keyPair.key] = keyPair.value;
		});
		return result;
	}
	exports.parseKeyPairsIntoRecord = parseKeyPairsIntoRecord;
}));
// node_modules/@opentelemetry/core/build/src/baggage/propagation/W3CBaggagePropagator.js
var require_W3CBaggagePropagator = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.W3CBaggagePropagator = void 0;
	const api_1 = (init_esm$1(), __toCommonJS(esm_exports$1));
	const suppress_tracing_1 = require_suppress_tracing();
	const constants_1 = require_constants();
	const utils_1 = require_utils$7();
	/**
	* Propagates {@link Baggage} through Context format propagation.
	*
	* Based on the Baggage specification:
	* https://w3c.github.io/baggage/
	*/
	var W3CBaggagePropagator = class {
		inject(context, carrier, setter) {
			const baggage = api_1.propagation.getBaggage(context);
			if (!baggage || (0, suppress_tracing_1.isTracingSuppressed)(context)) return;
			const keyPairs = (0, utils_1.getKeyPairs)(baggage).filter((pair) => {
				return pair.length <= constants_1.BAGGAGE_MAX_PER_NAME_VALUE_PAIRS;
			}).slice(0, constants_1.BAGGAGE_MAX_NAME_VALUE_PAIRS);
			const headerValue = (0, utils_1.serializeKeyPairs)(keyPairs);
			if (headerValue.length > 0) setter.set(carrier, constants_1.BAGGAGE_HEADER, headerValue);
		}
		extract(context, carrier, getter) {
			const headerValue = getter.get(carrier, constants_1.BAGGAGE_HEADER);
			if (!headerValue) return context;
			const baggage = {};
			let count = 0;
			let totalSize = 0;
			if (Array.isArray(headerValue)) for (let i = 0; i < headerValue.length; i++) [count, totalSize] = (0, utils_1.parseBaggageHeaderString)(headerValue[i], baggage, count, totalSize);
			else [count] = (0, utils_1.parseBaggageHeaderString)(headerValue, baggage, count, totalSize);
			if (count === 0) return context;
			return api_1.propagation.setBaggage(context, api_1.propagation.createBaggage(baggage));
		}
		fields() {
			return [constants_1.BAGGAGE_HEADER];
		}
	};
	exports.W3CBaggagePropagator = W3CBaggagePropagator;
}));
// node_modules/@opentelemetry/core/build/src/common/anchored-clock.js
var require_anchored_clock = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.AnchoredClock = void 0;
	/**
	* A utility for returning wall times anchored to a given point in time. Wall time measurements will
	* not be taken from the system, but instead are computed by adding a monotonic clock time
	* to the anchor point.
	*
	* This is needed because the system time can change and result in unexpected situations like
	* spans ending before they are started. Creating an anchored clock for each local root span
	* ensures that span timings and durations are accurate while preventing span times from drifting
	* too far from the system clock.
	*
	* Only creating an anchored clock once per local trace ensures span times are correct relative
	* to each other. For example, a child span will never have a start time before its parent even
	* if the system clock is corrected during the local trace.
	*
	* Heavily inspired by the OTel Java anchored clock
	* https://github.com/open-telemetry/opentelemetry-java/blob/main/sdk/trace/src/main/java/io/opentelemetry/sdk/trace/AnchoredClock.java
	*/
	var AnchoredClock = class {
		_monotonicClock;
		_epochMillis;
		_performanceMillis;
		/**
		* Create a new AnchoredClock anchored to the current time returned by systemClock.
		*
		* @param systemClock should be a clock that returns the number of milliseconds since January 1 1970 such as Date
		* @param monotonicClock should be a clock that counts milliseconds monotonically such as window.performance or perf_hooks.performance
		*/
		constructor(systemClock, monotonicClock) {
			this._monotonicClock = monotonicClock;
			this._epochMillis = systemClock.now();
			this._performanceMillis = monotonicClock.now();
		}
		/**
		* Returns the current time by adding the number of milliseconds since the
		* AnchoredClock was created to the creation epoch time
		*/
		now() {
			const delta = this._monotonicClock.now() - this._performanceMillis;
			return this._epochMillis + delta;
		}
	};
	exports.AnchoredClock = AnchoredClock;
}));
// node_modules/@opentelemetry/core/build/src/common/attributes.js
var require_attributes = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.isAttributeValue = exports.isAttributeKey = exports.sanitizeAttributes = void 0;
	const api_1 = (init_esm$1(), __toCommonJS(esm_exports$1));
	function sanitizeAttributes(attributes) {
		const out = {};
		if (typeof attributes !== "object" || attributes == null) return out;
		for (const key in attributes) {
			if (!Object.prototype.hasOwnProperty.call(attributes, key)) continue;
			if (!isAttributeKey(key)) {
				api_1.diag.warn(`Invalid attribute key: ${key}`);
				continue;
			}
			const val = attributes[key];
			if (!isAttributeValue(val)) {
				api_1.diag.warn(`Invalid attribute value set for key: ${key}`);
				continue;
			}
			if (Array.isArray(val)) out[key] = val.slice();
			else out[key] = val;
		}
		return out;
	}
	exports.sanitizeAttributes = sanitizeAttributes;
	function isAttributeKey(key) {
		return typeof key === "string" && key !== "";
	}
	exports.isAttributeKey = isAttributeKey;
	function isAttributeValue(val) {
		if (val == null) return true;
		if (Array.isArray(val)) return isHomogeneousAttributeValueArray(val);
		return isValidPrimitiveAttributeValueType(typeof val);
	}
	exports.isAttributeValue = isAttributeValue;
	function isHomogeneousAttributeValueArray(arr) {
		let type;
		for (const element of arr) {
			if (element == null) continue;
			const elementType = typeof element;
			if (elementType === type) continue;
			if (!type) {
				if (isValidPrimitiveAttributeValueType(elementType)) {
					type = elementType;
					continue;
				}
				return false;
			}
			return false;
		}
		return true;
	}
	function isValidPrimitiveAttributeValueType(valType) {
		switch (valType) {
			case "number":
			case "boolean":
			case "string": return true;
		}
		return false;
	}
}));
// node_modules/@opentelemetry/core/build/src/common/logging-error-handler.js
var require_logging_error_handler = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.loggingErrorHandler = void 0;
	const api_1 = (init_esm$1(), __toCommonJS(esm_exports$1));
	/**
	* Returns a function that logs an error using the provided logger, or a
	* console logger if one was not provided.
	*/
	function loggingErrorHandler() {
		return (ex) => {
			api_1.diag.error(stringifyException(ex));
		};
	}
	exports.loggingErrorHandler = loggingErrorHandler;
	/**
	* Converts an exception into a string representation
	* @param {Exception} ex
	*/
	function stringifyException(ex) {
		if (typeof ex === "string") return ex;
		else return JSON.stringify(flattenException(ex));
	}
	/**
	* Flattens an exception into key-value pairs by traversing the prototype chain
	* and coercing values to strings. Duplicate properties will not be overwritten;
	* the first insert wins.
	*/
	function flattenException(ex) {
		const result = {};
		let current = ex;
		while (current !== null) {
			Object.getOwnPropertyNames(current).forEach((propertyName) => {
				if (result[propertyName]) return;
				const value = current[propertyName];
				if (value) result[propertyName] = String(value);
			});
			current = Object.getPrototypeOf(current);
		}
		return result;
	}
}));
// node_modules/@opentelemetry/core/build/src/common/global-error-handler.js
var require_global_error_handler = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.globalErrorHandler = exports.setGlobalErrorHandler = void 0;
	/** The global error handler delegate */
	let delegateHandler = (0, require_logging_error_handler().loggingErrorHandler)();
	/**
	* Set the global error handler
	* @param {ErrorHandler} handler
	*/
	function setGlobalErrorHandler(handler) {
		delegateHandler = handler;
	}
	exports.setGlobalErrorHandler = setGlobalErrorHandler;
	/**
	* Return the global error handler
	* @param {Exception} ex
	*/
	function globalErrorHandler(ex) {
		try {
			delegateHandler(ex);
		} catch {}
	}
	exports.globalErrorHandler = globalErrorHandler;
}));
// node_modules/@opentelemetry/core/build/src/platform/node/environment.js
var require_environment = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.getStringListFromEnv = exports.getBooleanFromEnv = exports.getStringFromEnv = exports.getNumberFromEnv = void 0;
	const api_1 = (init_esm$1(), __toCommonJS(esm_exports$1));
	const util_1 = __require("util");
	/**
	* Retrieves a number from an environment variable.
	* - Returns `undefined` if the environment variable is empty, unset, contains only whitespace, or is not a number.
	* - Returns a number in all other cases.
	*
	* @param {string} key - The name of the environment variable to retrieve.
	* @returns {number | undefined} - The number value or `undefined`.
	*/
	function getNumberFromEnv(key) {
		const raw = process.env[key];
		if (raw == null || raw.trim() === "") return;
		const value = Number(raw);
		if (isNaN(value)) {
			api_1.diag.warn(`Unknown value ${(0, util_1.inspect)(raw)} for ${key}, expected a number, using defaults`);
			return;
		}
		return value;
	}
	exports.getNumberFromEnv = getNumberFromEnv;
	/**
	* Retrieves a string from an environment variable.
	* - Returns `undefined` if the environment variable is empty, unset, or contains only whitespace.
	*
	* @param {string} key - The name of the environment variable to retrieve.
	* @returns {string | undefined} - The string value or `undefined`.
	*/
	function getStringFromEnv(key) {
		const raw = process.env[key];
		if (raw == null || raw.trim() === "") return;
		return raw;
	}
	exports.getStringFromEnv = getStringFromEnv;
	/**
	* Retrieves a boolean value from an environment variable.
	* - Trims leading and trailing whitespace and ignores casing.
	* - Returns `false` if the environment variable is empty, unset, or contains only whitespace.
	* - Returns `false` for strings that cannot be mapped to a boolean.
	*
	* @param {string} key - The name of the environment variable to retrieve.
	* @returns {boolean} - The boolean value or `false` if the environment variable is unset empty, unset, or contains only whitespace.
	*/
	function getBooleanFromEnv(key) {
		const raw = process.env[key]?.trim().toLowerCase();
		if (raw == null || raw === "") return false;
		if (raw === "true") return true;
		else if (raw === "false") return false;
		else {
			api_1.diag.warn(`Unknown value ${(0, util_1.inspect)(raw)} for ${key}, expected 'true' or 'false', falling back to 'false' (default)`);
			return false;
		}
	}
	exports.getBooleanFromEnv = getBooleanFromEnv;
	/**
	* Retrieves a list of strings from an environment variable.
	* - Uses ',' as the delimiter.
	* - Trims leading and trailing whitespace from each entry.
	* - Excludes empty entries.
	* - Returns `undefined` if the environment variable is empty or contains only whitespace.
	* - Returns an empty array if all entries are empty or whitespace.
	*
	* @param {string} key - The name of the environment variable to retrieve.
	* @returns {string[] | undefined} - The list of strings or `undefined`.
	*/
	function getStringListFromEnv(key) {
		return getStringFromEnv(key)?.split(",").map((v) => v.trim()).filter((s) => s !== "");
	}
	exports.getStringListFromEnv = getStringListFromEnv;
}));
// node_modules/@opentelemetry/core/build/src/common/globalThis.js
var require_globalThis = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports._globalThis = void 0;
	/**
	* @deprecated Use globalThis directly instead.
	*/
	exports._globalThis = globalThis;
}));
// node_modules/@opentelemetry/core/build/src/version.js
var require_version$2 = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.VERSION = void 0;
	exports.VERSION = "2.12.0";
}));
// node_modules/@opentelemetry/semantic-conventions/dist/internal/utils.cjs
var require_utils$6 = /* @__PURE__ */ __commonJSMin(((exports) => {
	/**
	* Creates a const map from the given values
	* @param values - An array of values to be used as keys and values in the map.
	* @returns A populated version of the map with the values and keys derived from the values.
	*/
	/*#__NO_SIDE_EFFECTS__*/
	function createConstMap(values) {
		let res = {};
		const len = values.length;
		for (let lp = 0; lp < len; lp++) {
			const val = values[lp];
			if (val) res[String(val).toUpperCase().replace(/[-.]/g, "_")] = val;
		}
		return res;
	}
	exports.createConstMap = createConstMap;
}));
// node_modules/@opentelemetry/semantic-conventions/dist/trace/SemanticAttributes.cjs
var require_SemanticAttributes$1 = /* @__PURE__ */ __commonJSMin(((exports) => {
	const require_utils = require_utils$6();
	const TMP_AWS_LAMBDA_INVOKED_ARN = "aws.lambda.invoked_arn";
	const TMP_DB_SYSTEM = "db.system";
	const TMP_DB_CONNECTION_STRING = "db.connection_string";
	const TMP_DB_USER = "db.user";
	const TMP_DB_JDBC_DRIVER_CLASSNAME = "db.jdbc.driver_classname";
	const TMP_DB_NAME = "db.name";
	const TMP_DB_STATEMENT = "db.statement";
	const TMP_DB_OPERATION = "db.operation";
	const TMP_DB_MSSQL_INSTANCE_NAME = "db.mssql.instance_name";
	const TMP_DB_CASSANDRA_KEYSPACE = "db.cassandra.keyspace";
	const TMP_DB_CASSANDRA_PAGE_SIZE = "db.cassandra.page_size";
	const TMP_DB_CASSANDRA_CONSISTENCY_LEVEL = "db.cassandra.consistency_level";
	const TMP_DB_CASSANDRA_TABLE = "db.cassandra.table";
	const TMP_DB_CASSANDRA_IDEMPOTENCE = "db.cassandra.idempotence";
	const TMP_DB_CASSANDRA_SPECULATIVE_EXECUTION_COUNT = "db.cassandra.speculative_execution_count";
	const TMP_DB_CASSANDRA_COORDINATOR_ID = "db.cassandra.coordinator.id";
	const TMP_DB_CASSANDRA_COORDINATOR_DC = "db.cassandra.coordinator.dc";
	const TMP_DB_HBASE_NAMESPACE = "db.hbase.namespace";
	const TMP_DB_REDIS_DATABASE_INDEX = "db.redis.database_index";
	const TMP_DB_MONGODB_COLLECTION = "db.mongodb.collection";
	const TMP_DB_SQL_TABLE = "db.sql.table";
	const TMP_EXCEPTION_TYPE = "exception.type";
	const TMP_EXCEPTION_MESSAGE = "exception.message";
	const TMP_EXCEPTION_STACKTRACE = "exception.stacktrace";
	const TMP_EXCEPTION_ESCAPED = "exception.escaped";
	const TMP_FAAS_TRIGGER = "faas.trigger";
	const TMP_FAAS_EXECUTION = "faas.execution";
	const TMP_FAAS_DOCUMENT_COLLECTION = "faas.document.collection";
	const TMP_FAAS_DOCUMENT_OPERATION = "faas.document.operation";
	const TMP_FAAS_DOCUMENT_TIME = "faas.document.time";
	const TMP_FAAS_DOCUMENT_NAME = "faas.document.name";
	const TMP_FAAS_TIME = "faas.time";
	const TMP_FAAS_CRON = "faas.cron";
	const TMP_FAAS_COLDSTART = "faas.coldstart";
	const TMP_FAAS_INVOKED_NAME = "faas.invoked_name";
	const TMP_FAAS_INVOKED_PROVIDER = "faas.invoked_provider";
	const TMP_FAAS_INVOKED_REGION = "faas.invoked_region";
	const TMP_NET_TRANSPORT = "net.transport";
	const TMP_NET_PEER_IP = "net.peer.ip";
	const TMP_NET_PEER_PORT = "net.peer.port";
	const TMP_NET_PEER_NAME = "net.peer.name";
	const TMP_NET_HOST_IP = "net.host.ip";
	const TMP_NET_HOST_PORT = "net.host.port";
	const TMP_NET_HOST_NAME = "net.host.name";
	const TMP_NET_HOST_CONNECTION_TYPE = "net.host.connection.type";
	const TMP_NET_HOST_CONNECTION_SUBTYPE = "net.host.connection.subtype";
	const TMP_NET_HOST_CARRIER_NAME = "net.host.carrier.name";
	const TMP_NET_HOST_CARRIER_MCC = "net.host.carrier.mcc";
	const TMP_NET_HOST_CARRIER_MNC = "net.host.carrier.mnc";
	const TMP_NET_HOST_CARRIER_ICC = "net.host.carrier.icc";
	const TMP_PEER_SERVICE = "peer.service";
	const TMP_ENDUSER_ID = "enduser.id";
	const TMP_ENDUSER_ROLE = "enduser.role";
	const TMP_ENDUSER_SCOPE = "enduser.scope";
	const TMP_THREAD_ID = "thread.id";
	const TMP_THREAD_NAME = "thread.name";
	const TMP_CODE_FUNCTION = "code.function";
	const TMP_CODE_NAMESPACE = "code.namespace";
	const TMP_CODE_FILEPATH = "code.filepath";
	const TMP_CODE_LINENO = "code.lineno";
	const TMP_HTTP_METHOD = "http.method";
	const TMP_HTTP_URL = "http.url";
	const TMP_HTTP_TARGET = "http.target";
	const TMP_HTTP_HOST = "http.host";
	const TMP_HTTP_SCHEME = "http.scheme";
	const TMP_HTTP_STATUS_CODE = "http.status_code";
	const TMP_HTTP_FLAVOR = "http.flavor";
	const TMP_HTTP_USER_AGENT = "http.user_agent";
	const TMP_HTTP_REQUEST_CONTENT_LENGTH = "http.request_content_length";
	const TMP_HTTP_REQUEST_CONTENT_LENGTH_UNCOMPRESSED = "http.request_content_length_uncompressed";
	const TMP_HTTP_RESPONSE_CONTENT_LENGTH = "http.response_content_length";
	const TMP_HTTP_RESPONSE_CONTENT_LENGTH_UNCOMPRESSED = "http.response_content_length_uncompressed";
	const TMP_HTTP_SERVER_NAME = "http.server_name";
	const TMP_HTTP_ROUTE = "http.route";
	const TMP_HTTP_CLIENT_IP = "http.client_ip";
	const TMP_AWS_DYNAMODB_TABLE_NAMES = "aws.dynamodb.table_names";
	const TMP_AWS_DYNAMODB_CONSUMED_CAPACITY = "aws.dynamodb.consumed_capacity";
	const TMP_AWS_DYNAMODB_ITEM_COLLECTION_METRICS = "aws.dynamodb.item_collection_metrics";
	const TMP_AWS_DYNAMODB_PROVISIONED_READ_CAPACITY = "aws.dynamodb.provisioned_read_capacity";
	const TMP_AWS_DYNAMODB_PROVISIONED_WRITE_CAPACITY = "aws.dynamodb.provisioned_write_capacity";
	const TMP_AWS_DYNAMODB_CONSISTENT_READ = "aws.dynamodb.consistent_read";
	const TMP_AWS_DYNAMODB_PROJECTION = "aws.dynamodb.projection";
	const TMP_AWS_DYNAMODB_LIMIT = "aws.dynamodb.limit";
	const TMP_AWS_DYNAMODB_ATTRIBUTES_TO_GET = "aws.dynamodb.attributes_to_get";
	const TMP_AWS_DYNAMODB_INDEX_NAME = "aws.dynamodb.index_name";
	const TMP_AWS_DYNAMODB_SELECT = "aws.dynamodb.select";
	const TMP_AWS_DYNAMODB_GLOBAL_SECONDARY_INDEXES = "aws.dynamodb.global_secondary_indexes";
	const TMP_AWS_DYNAMODB_LOCAL_SECONDARY_INDEXES = "aws.dynamodb.local_secondary_indexes";
	const TMP_AWS_DYNAMODB_EXCLUSIVE_START_TABLE = "aws.dynamodb.exclusive_start_table";
	const TMP_AWS_DYNAMODB_TABLE_COUNT = "aws.dynamodb.table_count";
	const TMP_AWS_DYNAMODB_SCAN_FORWARD = "aws.dynamodb.scan_forward";
	const TMP_AWS_DYNAMODB_SEGMENT = "aws.dynamodb.segment";
	const TMP_AWS_DYNAMODB_TOTAL_SEGMENTS = "aws.dynamodb.total_segments";
	const TMP_AWS_DYNAMODB_COUNT = "aws.dynamodb.count";
	const TMP_AWS_DYNAMODB_SCANNED_COUNT = "aws.dynamodb.scanned_count";
	const TMP_AWS_DYNAMODB_ATTRIBUTE_DEFINITIONS = "aws.dynamodb.attribute_definitions";
	const TMP_AWS_DYNAMODB_GLOBAL_SECONDARY_INDEX_UPDATES = "aws.dynamodb.global_secondary_index_updates";
	const TMP_MESSAGING_SYSTEM = "messaging.system";
	const TMP_MESSAGING_DESTINATION = "messaging.destination";
	const TMP_MESSAGING_DESTINATION_KIND = "messaging.destination_kind";
	const TMP_MESSAGING_TEMP_DESTINATION = "messaging.temp_destination";
	const TMP_MESSAGING_PROTOCOL = "messaging.protocol";
	const TMP_MESSAGING_PROTOCOL_VERSION = "messaging.protocol_version";
	const TMP_MESSAGING_URL = "messaging.url";
	const TMP_MESSAGING_MESSAGE_ID = "messaging.message_id";
	const TMP_MESSAGING_CONVERSATION_ID = "messaging.conversation_id";
	const TMP_MESSAGING_MESSAGE_PAYLOAD_SIZE_BYTES = "messaging.message_payload_size_bytes";
	const TMP_MESSAGING_MESSAGE_PAYLOAD_COMPRESSED_SIZE_BYTES = "messaging.message_payload_compressed_size_bytes";
	const TMP_MESSAGING_OPERATION = "messaging.operation";
	const TMP_MESSAGING_CONSUMER_ID = "messaging.consumer_id";
	const TMP_MESSAGING_RABBITMQ_ROUTING_KEY = "messaging.rabbitmq.routing_key";
	const TMP_MESSAGING_KAFKA_MESSAGE_KEY = "messaging.kafka.message_key";
	const TMP_MESSAGING_KAFKA_CONSUMER_GROUP = "messaging.kafka.consumer_group";
	const TMP_MESSAGING_KAFKA_CLIENT_ID = "messaging.kafka.client_id";
	const TMP_MESSAGING_KAFKA_PARTITION = "messaging.kafka.partition";
	const TMP_MESSAGING_KAFKA_TOMBSTONE = "messaging.kafka.tombstone";
	const TMP_RPC_SYSTEM = "rpc.system";
	const TMP_RPC_SERVICE = "rpc.service";
	const TMP_RPC_METHOD = "rpc.method";
	const TMP_RPC_GRPC_STATUS_CODE = "rpc.grpc.status_code";
	const TMP_RPC_JSONRPC_VERSION = "rpc.jsonrpc.version";
	const TMP_RPC_JSONRPC_REQUEST_ID = "rpc.jsonrpc.request_id";
	const TMP_RPC_JSONRPC_ERROR_CODE = "rpc.jsonrpc.error_code";
	const TMP_RPC_JSONRPC_ERROR_MESSAGE = "rpc.jsonrpc.error_message";
	const TMP_MESSAGE_TYPE = "message.type";
	const TMP_MESSAGE_ID = "message.id";
	const TMP_MESSAGE_COMPRESSED_SIZE = "message.compressed_size";
	const TMP_MESSAGE_UNCOMPRESSED_SIZE = "message.uncompressed_size";
	/**
	* The full invoked ARN as provided on the `Context` passed to the function (`Lambda-Runtime-Invoked-Function-Arn` header on the `/runtime/invocation/next` applicable).
	*
	* Note: This may be different from `faas.id` if an alias is involved.
	*
	* @deprecated Use ATTR_AWS_LAMBDA_INVOKED_ARN in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_AWS_LAMBDA_INVOKED_ARN = TMP_AWS_LAMBDA_INVOKED_ARN;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use ATTR_DB_SYSTEM in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_DB_SYSTEM = TMP_DB_SYSTEM;
	/**
	* The connection string used to connect to the database. It is recommended to remove embedded credentials.
	*
	* @deprecated Use ATTR_DB_CONNECTION_STRING in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_DB_CONNECTION_STRING = TMP_DB_CONNECTION_STRING;
	/**
	* Username for accessing the database.
	*
	* @deprecated Use ATTR_DB_USER in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_DB_USER = TMP_DB_USER;
	/**
	* The fully-qualified class name of the [Java Database Connectivity (JDBC)](https://docs.oracle.com/javase/8/docs/technotes/guides/jdbc/) driver used to connect.
	*
	* @deprecated Use ATTR_DB_JDBC_DRIVER_CLASSNAME in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_DB_JDBC_DRIVER_CLASSNAME = TMP_DB_JDBC_DRIVER_CLASSNAME;
	/**
	* If no [tech-specific attribute](#call-level-attributes-for-specific-technologies) is defined, this attribute is used to report the name of the database being accessed. For commands that switch the database, this should be set to the target database (even if the command fails).
	*
	* Note: In some SQL databases, the database name to be used is called &#34;schema name&#34;.
	*
	* @deprecated Use ATTR_DB_NAME in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_DB_NAME = TMP_DB_NAME;
	/**
	* The database statement being executed.
	*
	* Note: The value may be sanitized to exclude sensitive information.
	*
	* @deprecated Use ATTR_DB_STATEMENT in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_DB_STATEMENT = TMP_DB_STATEMENT;
	/**
	* The name of the operation being executed, e.g. the [MongoDB command name](https://docs.mongodb.com/manual/reference/command/#database-operations) such as `findAndModify`, or the SQL keyword.
	*
	* Note: When setting this to an SQL keyword, it is not recommended to attempt any client-side parsing of `db.statement` just to get this property, but it should be set if the operation name is provided by the library being instrumented. If the SQL statement has an ambiguous operation, or performs more than one operation, this value may be omitted.
	*
	* @deprecated Use ATTR_DB_OPERATION in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_DB_OPERATION = TMP_DB_OPERATION;
	/**
	* The Microsoft SQL Server [instance name](https://docs.microsoft.com/en-us/sql/connect/jdbc/building-the-connection-url?view=sql-server-ver15) connecting to. This name is used to determine the port of a named instance.
	*
	* Note: If setting a `db.mssql.instance_name`, `net.peer.port` is no longer required (but still recommended if non-standard).
	*
	* @deprecated Use ATTR_DB_MSSQL_INSTANCE_NAME in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_DB_MSSQL_INSTANCE_NAME = TMP_DB_MSSQL_INSTANCE_NAME;
	/**
	* The name of the keyspace being accessed. To be used instead of the generic `db.name` attribute.
	*
	* @deprecated Use ATTR_DB_NAME in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_DB_CASSANDRA_KEYSPACE = TMP_DB_CASSANDRA_KEYSPACE;
	/**
	* The fetch size used for paging, i.e. how many rows will be returned at once.
	*
	* @deprecated Use ATTR_DB_CASSANDRA_PAGE_SIZE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_DB_CASSANDRA_PAGE_SIZE = TMP_DB_CASSANDRA_PAGE_SIZE;
	/**
	* The consistency level of the query. Based on consistency values from [CQL](https://docs.datastax.com/en/cassandra-oss/3.0/cassandra/dml/dmlConfigConsistency.html).
	*
	* @deprecated Use ATTR_DB_CASSANDRA_CONSISTENCY_LEVEL in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_DB_CASSANDRA_CONSISTENCY_LEVEL = TMP_DB_CASSANDRA_CONSISTENCY_LEVEL;
	/**
	* The name of the primary table that the operation is acting upon, including the schema name (if applicable).
	*
	* Note: This mirrors the db.sql.table attribute but references cassandra rather than sql. It is not recommended to attempt any client-side parsing of `db.statement` just to get this property, but it should be set if it is provided by the library being instrumented. If the operation is acting upon an anonymous table, or more than one table, this value MUST NOT be set.
	*
	* @deprecated Use ATTR_DB_CASSANDRA_TABLE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_DB_CASSANDRA_TABLE = TMP_DB_CASSANDRA_TABLE;
	/**
	* Whether or not the query is idempotent.
	*
	* @deprecated Use ATTR_DB_CASSANDRA_IDEMPOTENCE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_DB_CASSANDRA_IDEMPOTENCE = TMP_DB_CASSANDRA_IDEMPOTENCE;
	/**
	* The number of times a query was speculatively executed. Not set or `0` if the query was not executed speculatively.
	*
	* @deprecated Use ATTR_DB_CASSANDRA_SPECULATIVE_EXECUTION_COUNT in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_DB_CASSANDRA_SPECULATIVE_EXECUTION_COUNT = TMP_DB_CASSANDRA_SPECULATIVE_EXECUTION_COUNT;
	/**
	* The ID of the coordinating node for a query.
	*
	* @deprecated Use ATTR_DB_CASSANDRA_COORDINATOR_ID in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_DB_CASSANDRA_COORDINATOR_ID = TMP_DB_CASSANDRA_COORDINATOR_ID;
	/**
	* The data center of the coordinating node for a query.
	*
	* @deprecated Use ATTR_DB_CASSANDRA_COORDINATOR_DC in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_DB_CASSANDRA_COORDINATOR_DC = TMP_DB_CASSANDRA_COORDINATOR_DC;
	/**
	* The [HBase namespace](https://hbase.apache.org/book.html#_namespace) being accessed. To be used instead of the generic `db.name` attribute.
	*
	* @deprecated Use ATTR_DB_NAME in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_DB_HBASE_NAMESPACE = TMP_DB_HBASE_NAMESPACE;
	/**
	* The index of the database being accessed as used in the [`SELECT` command](https://redis.io/commands/select), provided as an integer. To be used instead of the generic `db.name` attribute.
	*
	* @deprecated Use ATTR_DB_REDIS_DATABASE_INDEX in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_DB_REDIS_DATABASE_INDEX = TMP_DB_REDIS_DATABASE_INDEX;
	/**
	* The collection being accessed within the database stated in `db.name`.
	*
	* @deprecated Use ATTR_DB_MONGODB_COLLECTION in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_DB_MONGODB_COLLECTION = TMP_DB_MONGODB_COLLECTION;
	/**
	* The name of the primary table that the operation is acting upon, including the schema name (if applicable).
	*
	* Note: It is not recommended to attempt any client-side parsing of `db.statement` just to get this property, but it should be set if it is provided by the library being instrumented. If the operation is acting upon an anonymous table, or more than one table, this value MUST NOT be set.
	*
	* @deprecated Use ATTR_DB_SQL_TABLE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_DB_SQL_TABLE = TMP_DB_SQL_TABLE;
	/**
	* The type of the exception (its fully-qualified class name, if applicable). The dynamic type of the exception should be preferred over the static type in languages that support it.
	*
	* @deprecated Use ATTR_EXCEPTION_TYPE.
	*/
	const SEMATTRS_EXCEPTION_TYPE = TMP_EXCEPTION_TYPE;
	/**
	* The exception message.
	*
	* @deprecated Use ATTR_EXCEPTION_MESSAGE.
	*/
	const SEMATTRS_EXCEPTION_MESSAGE = TMP_EXCEPTION_MESSAGE;
	/**
	* A stacktrace as a string in the natural representation for the language runtime. The representation is to be determined and documented by each language SIG.
	*
	* @deprecated Use ATTR_EXCEPTION_STACKTRACE.
	*/
	const SEMATTRS_EXCEPTION_STACKTRACE = TMP_EXCEPTION_STACKTRACE;
	/**
	* SHOULD be set to true if the exception event is recorded at a point where it is known that the exception is escaping the scope of the span.
	*
	* Note: An exception is considered to have escaped (or left) the scope of a span,
	if that span is ended while the exception is still logically &#34;in flight&#34;.
	This may be actually &#34;in flight&#34; in some languages (e.g. if the exception
	is passed to a Context manager&#39;s `__exit__` method in Python) but will
	usually be caught at the point of recording the exception in most languages.
	
	It is usually not possible to determine at the point where an exception is thrown
	whether it will escape the scope of a span.
	However, it is trivial to know that an exception
	will escape, if one checks for an active exception just before ending the span,
	as done in the [example above](#exception-end-example).
	
	It follows that an exception may still escape the scope of the span
	even if the `exception.escaped` attribute was not set or set to false,
	since the event might have been recorded at a time where it was not
	clear whether the exception will escape.
	*
	* @deprecated Use ATTR_EXCEPTION_ESCAPED.
	*/
	const SEMATTRS_EXCEPTION_ESCAPED = TMP_EXCEPTION_ESCAPED;
	/**
	* Type of the trigger on which the function is executed.
	*
	* @deprecated Use ATTR_FAAS_TRIGGER in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_FAAS_TRIGGER = TMP_FAAS_TRIGGER;
	/**
	* The execution ID of the current function execution.
	*
	* @deprecated Use ATTR_FAAS_INVOCATION_ID in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_FAAS_EXECUTION = TMP_FAAS_EXECUTION;
	/**
	* The name of the source on which the triggering operation was performed. For example, in Cloud Storage or S3 corresponds to the bucket name, and in Cosmos DB to the database name.
	*
	* @deprecated Use ATTR_FAAS_DOCUMENT_COLLECTION in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_FAAS_DOCUMENT_COLLECTION = TMP_FAAS_DOCUMENT_COLLECTION;
	/**
	* Describes the type of the operation that was performed on the data.
	*
	* @deprecated Use ATTR_FAAS_DOCUMENT_OPERATION in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_FAAS_DOCUMENT_OPERATION = TMP_FAAS_DOCUMENT_OPERATION;
	/**
	* A string containing the time when the data was accessed in the [ISO 8601](https://www.iso.org/iso-8601-date-and-time-format.html) format expressed in [UTC](https://www.w3.org/TR/NOTE-datetime).
	*
	* @deprecated Use ATTR_FAAS_DOCUMENT_TIME in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_FAAS_DOCUMENT_TIME = TMP_FAAS_DOCUMENT_TIME;
	/**
	* The document name/table subjected to the operation. For example, in Cloud Storage or S3 is the name of the file, and in Cosmos DB the table name.
	*
	* @deprecated Use ATTR_FAAS_DOCUMENT_NAME in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_FAAS_DOCUMENT_NAME = TMP_FAAS_DOCUMENT_NAME;
	/**
	* A string containing the function invocation time in the [ISO 8601](https://www.iso.org/iso-8601-date-and-time-format.html) format expressed in [UTC](https://www.w3.org/TR/NOTE-datetime).
	*
	* @deprecated Use ATTR_FAAS_TIME in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_FAAS_TIME = TMP_FAAS_TIME;
	/**
	* A string containing the schedule period as [Cron Expression](https://docs.oracle.com/cd/E12058_01/doc/doc.1014/e12030/cron_expressions.htm).
	*
	* @deprecated Use ATTR_FAAS_CRON in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_FAAS_CRON = TMP_FAAS_CRON;
	/**
	* A boolean that is true if the serverless function is executed for the first time (aka cold-start).
	*
	* @deprecated Use ATTR_FAAS_COLDSTART in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_FAAS_COLDSTART = TMP_FAAS_COLDSTART;
	/**
	* The name of the invoked function.
	*
	* Note: SHOULD be equal to the `faas.name` resource attribute of the invoked function.
	*
	* @deprecated Use ATTR_FAAS_INVOKED_NAME in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_FAAS_INVOKED_NAME = TMP_FAAS_INVOKED_NAME;
	/**
	* The cloud provider of the invoked function.
	*
	* Note: SHOULD be equal to the `cloud.provider` resource attribute of the invoked function.
	*
	* @deprecated Use ATTR_FAAS_INVOKED_PROVIDER in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_FAAS_INVOKED_PROVIDER = TMP_FAAS_INVOKED_PROVIDER;
	/**
	* The cloud region of the invoked function.
	*
	* Note: SHOULD be equal to the `cloud.region` resource attribute of the invoked function.
	*
	* @deprecated Use ATTR_FAAS_INVOKED_REGION in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_FAAS_INVOKED_REGION = TMP_FAAS_INVOKED_REGION;
	/**
	* Transport protocol used. See note below.
	*
	* @deprecated Use ATTR_NET_TRANSPORT in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_NET_TRANSPORT = TMP_NET_TRANSPORT;
	/**
	* Remote address of the peer (dotted decimal for IPv4 or [RFC5952](https://tools.ietf.org/html/rfc5952) for IPv6).
	*
	* @deprecated Use ATTR_NET_PEER_IP in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_NET_PEER_IP = TMP_NET_PEER_IP;
	/**
	* Remote port number.
	*
	* @deprecated Use ATTR_NET_PEER_PORT in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_NET_PEER_PORT = TMP_NET_PEER_PORT;
	/**
	* Remote hostname or similar, see note below.
	*
	* @deprecated Use ATTR_NET_PEER_NAME in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_NET_PEER_NAME = TMP_NET_PEER_NAME;
	/**
	* Like `net.peer.ip` but for the host IP. Useful in case of a multi-IP host.
	*
	* @deprecated Use ATTR_NET_HOST_IP in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_NET_HOST_IP = TMP_NET_HOST_IP;
	/**
	* Like `net.peer.port` but for the host port.
	*
	* @deprecated Use ATTR_NET_HOST_PORT in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_NET_HOST_PORT = TMP_NET_HOST_PORT;
	/**
	* Local hostname or similar, see note below.
	*
	* @deprecated Use ATTR_NET_HOST_NAME in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_NET_HOST_NAME = TMP_NET_HOST_NAME;
	/**
	* The internet connection type currently being used by the host.
	*
	* @deprecated Use ATTR_NETWORK_CONNECTION_TYPE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_NET_HOST_CONNECTION_TYPE = TMP_NET_HOST_CONNECTION_TYPE;
	/**
	* This describes more details regarding the connection.type. It may be the type of cell technology connection, but it could be used for describing details about a wifi connection.
	*
	* @deprecated Use ATTR_NETWORK_CONNECTION_SUBTYPE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_NET_HOST_CONNECTION_SUBTYPE = TMP_NET_HOST_CONNECTION_SUBTYPE;
	/**
	* The name of the mobile carrier.
	*
	* @deprecated Use ATTR_NETWORK_CARRIER_NAME in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_NET_HOST_CARRIER_NAME = TMP_NET_HOST_CARRIER_NAME;
	/**
	* The mobile carrier country code.
	*
	* @deprecated Use ATTR_NETWORK_CARRIER_MCC in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_NET_HOST_CARRIER_MCC = TMP_NET_HOST_CARRIER_MCC;
	/**
	* The mobile carrier network code.
	*
	* @deprecated Use ATTR_NETWORK_CARRIER_MNC in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_NET_HOST_CARRIER_MNC = TMP_NET_HOST_CARRIER_MNC;
	/**
	* The ISO 3166-1 alpha-2 2-character country code associated with the mobile carrier network.
	*
	* @deprecated Use ATTR_NETWORK_CARRIER_ICC in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_NET_HOST_CARRIER_ICC = TMP_NET_HOST_CARRIER_ICC;
	/**
	* The [`service.name`](../../resource/semantic_conventions/README.md#service) of the remote service. SHOULD be equal to the actual `service.name` resource attribute of the remote service if any.
	*
	* @deprecated Use ATTR_PEER_SERVICE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_PEER_SERVICE = TMP_PEER_SERVICE;
	/**
	* Username or client_id extracted from the access token or [Authorization](https://tools.ietf.org/html/rfc7235#section-4.2) header in the inbound request from outside the system.
	*
	* @deprecated Use ATTR_ENDUSER_ID in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_ENDUSER_ID = TMP_ENDUSER_ID;
	/**
	* Actual/assumed role the client is making the request under extracted from token or application security context.
	*
	* @deprecated Use ATTR_ENDUSER_ROLE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_ENDUSER_ROLE = TMP_ENDUSER_ROLE;
	/**
	* Scopes or granted authorities the client currently possesses extracted from token or application security context. The value would come from the scope associated with an [OAuth 2.0 Access Token](https://tools.ietf.org/html/rfc6749#section-3.3) or an attribute value in a [SAML 2.0 Assertion](http://docs.oasis-open.org/security/saml/Post2.0/sstc-saml-tech-overview-2.0.html).
	*
	* @deprecated Use ATTR_ENDUSER_SCOPE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_ENDUSER_SCOPE = TMP_ENDUSER_SCOPE;
	/**
	* Current &#34;managed&#34; thread ID (as opposed to OS thread ID).
	*
	* @deprecated Use ATTR_THREAD_ID in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_THREAD_ID = TMP_THREAD_ID;
	/**
	* Current thread name.
	*
	* @deprecated Use ATTR_THREAD_NAME in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_THREAD_NAME = TMP_THREAD_NAME;
	/**
	* The method or function name, or equivalent (usually rightmost part of the code unit&#39;s name).
	*
	* @deprecated Use ATTR_CODE_FUNCTION in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_CODE_FUNCTION = TMP_CODE_FUNCTION;
	/**
	* The &#34;namespace&#34; within which `code.function` is defined. Usually the qualified class or module name, such that `code.namespace` + some separator + `code.function` form a unique identifier for the code unit.
	*
	* @deprecated Use ATTR_CODE_NAMESPACE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_CODE_NAMESPACE = TMP_CODE_NAMESPACE;
	/**
	* The source code file name that identifies the code unit as uniquely as possible (preferably an absolute file path).
	*
	* @deprecated Use ATTR_CODE_FILEPATH in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_CODE_FILEPATH = TMP_CODE_FILEPATH;
	/**
	* The line number in `code.filepath` best representing the operation. It SHOULD point within the code unit named in `code.function`.
	*
	* @deprecated Use ATTR_CODE_LINENO in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_CODE_LINENO = TMP_CODE_LINENO;
	/**
	* HTTP request method.
	*
	* @deprecated Use ATTR_HTTP_METHOD in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_HTTP_METHOD = TMP_HTTP_METHOD;
	/**
	* Full HTTP request URL in the form `scheme://host[:port]/path?query[#fragment]`. Usually the fragment is not transmitted over HTTP, but if it is known, it should be included nevertheless.
	*
	* Note: `http.url` MUST NOT contain credentials passed via URL in form of `https://username:password@www.example.com/`. In such case the attribute&#39;s value should be `https://www.example.com/`.
	*
	* @deprecated Use ATTR_HTTP_URL in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_HTTP_URL = TMP_HTTP_URL;
	/**
	* The full request target as passed in a HTTP request line or equivalent.
	*
	* @deprecated Use ATTR_HTTP_TARGET in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_HTTP_TARGET = TMP_HTTP_TARGET;
	/**
	* The value of the [HTTP host header](https://tools.ietf.org/html/rfc7230#section-5.4). An empty Host header should also be reported, see note.
	*
	* Note: When the header is present but empty the attribute SHOULD be set to the empty string. Note that this is a valid situation that is expected in certain cases, according the aforementioned [section of RFC 7230](https://tools.ietf.org/html/rfc7230#section-5.4). When the header is not set the attribute MUST NOT be set.
	*
	* @deprecated Use ATTR_HTTP_HOST in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_HTTP_HOST = TMP_HTTP_HOST;
	/**
	* The URI scheme identifying the used protocol.
	*
	* @deprecated Use ATTR_HTTP_SCHEME in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_HTTP_SCHEME = TMP_HTTP_SCHEME;
	/**
	* [HTTP response status code](https://tools.ietf.org/html/rfc7231#section-6).
	*
	* @deprecated Use ATTR_HTTP_STATUS_CODE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_HTTP_STATUS_CODE = TMP_HTTP_STATUS_CODE;
	/**
	* Kind of HTTP protocol used.
	*
	* Note: If `net.transport` is not specified, it can be assumed to be `IP.TCP` except if `http.flavor` is `QUIC`, in which case `IP.UDP` is assumed.
	*
	* @deprecated Use ATTR_HTTP_FLAVOR in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_HTTP_FLAVOR = TMP_HTTP_FLAVOR;
	/**
	* Value of the [HTTP User-Agent](https://tools.ietf.org/html/rfc7231#section-5.5.3) header sent by the client.
	*
	* @deprecated Use ATTR_HTTP_USER_AGENT in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_HTTP_USER_AGENT = TMP_HTTP_USER_AGENT;
	/**
	* The size of the request payload body in bytes. This is the number of bytes transferred excluding headers and is often, but not always, present as the [Content-Length](https://tools.ietf.org/html/rfc7230#section-3.3.2) header. For requests using transport encoding, this should be the compressed size.
	*
	* @deprecated Use ATTR_HTTP_REQUEST_CONTENT_LENGTH in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_HTTP_REQUEST_CONTENT_LENGTH = TMP_HTTP_REQUEST_CONTENT_LENGTH;
	/**
	* The size of the uncompressed request payload body after transport decoding. Not set if transport encoding not used.
	*
	* @deprecated Use ATTR_HTTP_REQUEST_CONTENT_LENGTH_UNCOMPRESSED in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_HTTP_REQUEST_CONTENT_LENGTH_UNCOMPRESSED = TMP_HTTP_REQUEST_CONTENT_LENGTH_UNCOMPRESSED;
	/**
	* The size of the response payload body in bytes. This is the number of bytes transferred excluding headers and is often, but not always, present as the [Content-Length](https://tools.ietf.org/html/rfc7230#section-3.3.2) header. For requests using transport encoding, this should be the compressed size.
	*
	* @deprecated Use ATTR_HTTP_RESPONSE_CONTENT_LENGTH in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_HTTP_RESPONSE_CONTENT_LENGTH = TMP_HTTP_RESPONSE_CONTENT_LENGTH;
	/**
	* The size of the uncompressed response payload body after transport decoding. Not set if transport encoding not used.
	*
	* @deprecated Use ATTR_HTTP_RESPONSE_CONTENT_LENGTH_UNCOMPRESSED in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_HTTP_RESPONSE_CONTENT_LENGTH_UNCOMPRESSED = TMP_HTTP_RESPONSE_CONTENT_LENGTH_UNCOMPRESSED;
	/**
	* The primary server name of the matched virtual host. This should be obtained via configuration. If no such configuration can be obtained, this attribute MUST NOT be set ( `net.host.name` should be used instead).
	*
	* Note: `http.url` is usually not readily available on the server side but would have to be assembled in a cumbersome and sometimes lossy process from other information (see e.g. open-telemetry/opentelemetry-python/pull/148). It is thus preferred to supply the raw data that is available.
	*
	* @deprecated Use ATTR_HTTP_SERVER_NAME in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_HTTP_SERVER_NAME = TMP_HTTP_SERVER_NAME;
	/**
	* The matched route (path template).
	*
	* @deprecated Use ATTR_HTTP_ROUTE.
	*/
	const SEMATTRS_HTTP_ROUTE = TMP_HTTP_ROUTE;
	/**
	* The IP address of the original client behind all proxies, if known (e.g. from [X-Forwarded-For](https://developer.mozilla.org/en-US/docs/Web/HTTP/Headers/X-Forwarded-For)).
	*
	* Note: This is not necessarily the same as `net.peer.ip`, which would
	identify the network-level peer, which may be a proxy.
	
	This attribute should be set when a source of information different
	from the one used for `net.peer.ip`, is available even if that other
	source just confirms the same value as `net.peer.ip`.
	Rationale: For `net.peer.ip`, one typically does not know if it
	comes from a proxy, reverse proxy, or the actual client. Setting
	`http.client_ip` when it&#39;s the same as `net.peer.ip` means that
	one is at least somewhat confident that the address is not that of
	the closest proxy.
	*
	* @deprecated Use ATTR_HTTP_CLIENT_IP in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_HTTP_CLIENT_IP = TMP_HTTP_CLIENT_IP;
	/**
	* The keys in the `RequestItems` object field.
	*
	* @deprecated Use ATTR_AWS_DYNAMODB_TABLE_NAMES in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_AWS_DYNAMODB_TABLE_NAMES = TMP_AWS_DYNAMODB_TABLE_NAMES;
	/**
	* The JSON-serialized value of each item in the `ConsumedCapacity` response field.
	*
	* @deprecated Use ATTR_AWS_DYNAMODB_CONSUMED_CAPACITY in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_AWS_DYNAMODB_CONSUMED_CAPACITY = TMP_AWS_DYNAMODB_CONSUMED_CAPACITY;
	/**
	* The JSON-serialized value of the `ItemCollectionMetrics` response field.
	*
	* @deprecated Use ATTR_AWS_DYNAMODB_ITEM_COLLECTION_METRICS in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_AWS_DYNAMODB_ITEM_COLLECTION_METRICS = TMP_AWS_DYNAMODB_ITEM_COLLECTION_METRICS;
	/**
	* The value of the `ProvisionedThroughput.ReadCapacityUnits` request parameter.
	*
	* @deprecated Use ATTR_AWS_DYNAMODB_PROVISIONED_READ_CAPACITY in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_AWS_DYNAMODB_PROVISIONED_READ_CAPACITY = TMP_AWS_DYNAMODB_PROVISIONED_READ_CAPACITY;
	/**
	* The value of the `ProvisionedThroughput.WriteCapacityUnits` request parameter.
	*
	* @deprecated Use ATTR_AWS_DYNAMODB_PROVISIONED_WRITE_CAPACITY in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_AWS_DYNAMODB_PROVISIONED_WRITE_CAPACITY = TMP_AWS_DYNAMODB_PROVISIONED_WRITE_CAPACITY;
	/**
	* The value of the `ConsistentRead` request parameter.
	*
	* @deprecated Use ATTR_AWS_DYNAMODB_CONSISTENT_READ in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_AWS_DYNAMODB_CONSISTENT_READ = TMP_AWS_DYNAMODB_CONSISTENT_READ;
	/**
	* The value of the `ProjectionExpression` request parameter.
	*
	* @deprecated Use ATTR_AWS_DYNAMODB_PROJECTION in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_AWS_DYNAMODB_PROJECTION = TMP_AWS_DYNAMODB_PROJECTION;
	/**
	* The value of the `Limit` request parameter.
	*
	* @deprecated Use ATTR_AWS_DYNAMODB_LIMIT in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_AWS_DYNAMODB_LIMIT = TMP_AWS_DYNAMODB_LIMIT;
	/**
	* The value of the `AttributesToGet` request parameter.
	*
	* @deprecated Use ATTR_AWS_DYNAMODB_ATTRIBUTES_TO_GET in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_AWS_DYNAMODB_ATTRIBUTES_TO_GET = TMP_AWS_DYNAMODB_ATTRIBUTES_TO_GET;
	/**
	* The value of the `IndexName` request parameter.
	*
	* @deprecated Use ATTR_AWS_DYNAMODB_INDEX_NAME in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_AWS_DYNAMODB_INDEX_NAME = TMP_AWS_DYNAMODB_INDEX_NAME;
	/**
	* The value of the `Select` request parameter.
	*
	* @deprecated Use ATTR_AWS_DYNAMODB_SELECT in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_AWS_DYNAMODB_SELECT = TMP_AWS_DYNAMODB_SELECT;
	/**
	* The JSON-serialized value of each item of the `GlobalSecondaryIndexes` request field.
	*
	* @deprecated Use ATTR_AWS_DYNAMODB_GLOBAL_SECONDARY_INDEXES in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_AWS_DYNAMODB_GLOBAL_SECONDARY_INDEXES = TMP_AWS_DYNAMODB_GLOBAL_SECONDARY_INDEXES;
	/**
	* The JSON-serialized value of each item of the `LocalSecondaryIndexes` request field.
	*
	* @deprecated Use ATTR_AWS_DYNAMODB_LOCAL_SECONDARY_INDEXES in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_AWS_DYNAMODB_LOCAL_SECONDARY_INDEXES = TMP_AWS_DYNAMODB_LOCAL_SECONDARY_INDEXES;
	/**
	* The value of the `ExclusiveStartTableName` request parameter.
	*
	* @deprecated Use ATTR_AWS_DYNAMODB_EXCLUSIVE_START_TABLE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_AWS_DYNAMODB_EXCLUSIVE_START_TABLE = TMP_AWS_DYNAMODB_EXCLUSIVE_START_TABLE;
	/**
	* The the number of items in the `TableNames` response parameter.
	*
	* @deprecated Use ATTR_AWS_DYNAMODB_TABLE_COUNT in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_AWS_DYNAMODB_TABLE_COUNT = TMP_AWS_DYNAMODB_TABLE_COUNT;
	/**
	* The value of the `ScanIndexForward` request parameter.
	*
	* @deprecated Use ATTR_AWS_DYNAMODB_SCAN_FORWARD in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_AWS_DYNAMODB_SCAN_FORWARD = TMP_AWS_DYNAMODB_SCAN_FORWARD;
	/**
	* The value of the `Segment` request parameter.
	*
	* @deprecated Use ATTR_AWS_DYNAMODB_SEGMENT in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_AWS_DYNAMODB_SEGMENT = TMP_AWS_DYNAMODB_SEGMENT;
	/**
	* The value of the `TotalSegments` request parameter.
	*
	* @deprecated Use ATTR_AWS_DYNAMODB_TOTAL_SEGMENTS in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_AWS_DYNAMODB_TOTAL_SEGMENTS = TMP_AWS_DYNAMODB_TOTAL_SEGMENTS;
	/**
	* The value of the `Count` response parameter.
	*
	* @deprecated Use ATTR_AWS_DYNAMODB_COUNT in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_AWS_DYNAMODB_COUNT = TMP_AWS_DYNAMODB_COUNT;
	/**
	* The value of the `ScannedCount` response parameter.
	*
	* @deprecated Use ATTR_AWS_DYNAMODB_SCANNED_COUNT in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_AWS_DYNAMODB_SCANNED_COUNT = TMP_AWS_DYNAMODB_SCANNED_COUNT;
	/**
	* The JSON-serialized value of each item in the `AttributeDefinitions` request field.
	*
	* @deprecated Use ATTR_AWS_DYNAMODB_ATTRIBUTE_DEFINITIONS in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_AWS_DYNAMODB_ATTRIBUTE_DEFINITIONS = TMP_AWS_DYNAMODB_ATTRIBUTE_DEFINITIONS;
	/**
	* The JSON-serialized value of each item in the the `GlobalSecondaryIndexUpdates` request field.
	*
	* @deprecated Use ATTR_AWS_DYNAMODB_GLOBAL_SECONDARY_INDEX_UPDATES in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_AWS_DYNAMODB_GLOBAL_SECONDARY_INDEX_UPDATES = TMP_AWS_DYNAMODB_GLOBAL_SECONDARY_INDEX_UPDATES;
	/**
	* A string identifying the messaging system.
	*
	* @deprecated Use ATTR_MESSAGING_SYSTEM in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_MESSAGING_SYSTEM = TMP_MESSAGING_SYSTEM;
	/**
	* The message destination name. This might be equal to the span name but is required nevertheless.
	*
	* @deprecated Use ATTR_MESSAGING_DESTINATION_NAME in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_MESSAGING_DESTINATION = TMP_MESSAGING_DESTINATION;
	/**
	* The kind of message destination.
	*
	* @deprecated Removed in semconv v1.20.0.
	*/
	const SEMATTRS_MESSAGING_DESTINATION_KIND = TMP_MESSAGING_DESTINATION_KIND;
	/**
	* A boolean that is true if the message destination is temporary.
	*
	* @deprecated Use ATTR_MESSAGING_DESTINATION_TEMPORARY in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_MESSAGING_TEMP_DESTINATION = TMP_MESSAGING_TEMP_DESTINATION;
	/**
	* The name of the transport protocol.
	*
	* @deprecated Use ATTR_NETWORK_PROTOCOL_NAME.
	*/
	const SEMATTRS_MESSAGING_PROTOCOL = TMP_MESSAGING_PROTOCOL;
	/**
	* The version of the transport protocol.
	*
	* @deprecated Use ATTR_NETWORK_PROTOCOL_VERSION.
	*/
	const SEMATTRS_MESSAGING_PROTOCOL_VERSION = TMP_MESSAGING_PROTOCOL_VERSION;
	/**
	* Connection string.
	*
	* @deprecated Removed in semconv v1.17.0.
	*/
	const SEMATTRS_MESSAGING_URL = TMP_MESSAGING_URL;
	/**
	* A value used by the messaging system as an identifier for the message, represented as a string.
	*
	* @deprecated Use ATTR_MESSAGING_MESSAGE_ID in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_MESSAGING_MESSAGE_ID = TMP_MESSAGING_MESSAGE_ID;
	/**
	* The [conversation ID](#conversations) identifying the conversation to which the message belongs, represented as a string. Sometimes called &#34;Correlation ID&#34;.
	*
	* @deprecated Use ATTR_MESSAGING_MESSAGE_CONVERSATION_ID in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_MESSAGING_CONVERSATION_ID = TMP_MESSAGING_CONVERSATION_ID;
	/**
	* The (uncompressed) size of the message payload in bytes. Also use this attribute if it is unknown whether the compressed or uncompressed payload size is reported.
	*
	* @deprecated Use ATTR_MESSAGING_MESSAGE_BODY_SIZE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_MESSAGING_MESSAGE_PAYLOAD_SIZE_BYTES = TMP_MESSAGING_MESSAGE_PAYLOAD_SIZE_BYTES;
	/**
	* The compressed size of the message payload in bytes.
	*
	* @deprecated Removed in semconv v1.22.0.
	*/
	const SEMATTRS_MESSAGING_MESSAGE_PAYLOAD_COMPRESSED_SIZE_BYTES = TMP_MESSAGING_MESSAGE_PAYLOAD_COMPRESSED_SIZE_BYTES;
	/**
	* A string identifying the kind of message consumption as defined in the [Operation names](#operation-names) section above. If the operation is &#34;send&#34;, this attribute MUST NOT be set, since the operation can be inferred from the span kind in that case.
	*
	* @deprecated Use ATTR_MESSAGING_OPERATION in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_MESSAGING_OPERATION = TMP_MESSAGING_OPERATION;
	/**
	* The identifier for the consumer receiving a message. For Kafka, set it to `{messaging.kafka.consumer_group} - {messaging.kafka.client_id}`, if both are present, or only `messaging.kafka.consumer_group`. For brokers, such as RabbitMQ and Artemis, set it to the `client_id` of the client consuming the message.
	*
	* @deprecated Removed in semconv v1.21.0.
	*/
	const SEMATTRS_MESSAGING_CONSUMER_ID = TMP_MESSAGING_CONSUMER_ID;
	/**
	* RabbitMQ message routing key.
	*
	* @deprecated Use ATTR_MESSAGING_RABBITMQ_DESTINATION_ROUTING_KEY in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_MESSAGING_RABBITMQ_ROUTING_KEY = TMP_MESSAGING_RABBITMQ_ROUTING_KEY;
	/**
	* Message keys in Kafka are used for grouping alike messages to ensure they&#39;re processed on the same partition. They differ from `messaging.message_id` in that they&#39;re not unique. If the key is `null`, the attribute MUST NOT be set.
	*
	* Note: If the key type is not string, it&#39;s string representation has to be supplied for the attribute. If the key has no unambiguous, canonical string form, don&#39;t include its value.
	*
	* @deprecated Use ATTR_MESSAGING_KAFKA_MESSAGE_KEY in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_MESSAGING_KAFKA_MESSAGE_KEY = TMP_MESSAGING_KAFKA_MESSAGE_KEY;
	/**
	* Name of the Kafka Consumer Group that is handling the message. Only applies to consumers, not producers.
	*
	* @deprecated Use ATTR_MESSAGING_KAFKA_CONSUMER_GROUP in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_MESSAGING_KAFKA_CONSUMER_GROUP = TMP_MESSAGING_KAFKA_CONSUMER_GROUP;
	/**
	* Client Id for the Consumer or Producer that is handling the message.
	*
	* @deprecated Use ATTR_MESSAGING_CLIENT_ID in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_MESSAGING_KAFKA_CLIENT_ID = TMP_MESSAGING_KAFKA_CLIENT_ID;
	/**
	* Partition the message is sent to.
	*
	* @deprecated Use ATTR_MESSAGING_KAFKA_DESTINATION_PARTITION in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_MESSAGING_KAFKA_PARTITION = TMP_MESSAGING_KAFKA_PARTITION;
	/**
	* A boolean that is true if the message is a tombstone.
	*
	* @deprecated Use ATTR_MESSAGING_KAFKA_MESSAGE_TOMBSTONE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_MESSAGING_KAFKA_TOMBSTONE = TMP_MESSAGING_KAFKA_TOMBSTONE;
	/**
	* A string identifying the remoting system.
	*
	* @deprecated Use ATTR_RPC_SYSTEM in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_RPC_SYSTEM = TMP_RPC_SYSTEM;
	/**
	* The full (logical) name of the service being called, including its package name, if applicable.
	*
	* Note: This is the logical name of the service from the RPC interface perspective, which can be different from the name of any implementing class. The `code.namespace` attribute may be used to store the latter (despite the attribute name, it may include a class name; e.g., class with method actually executing the call on the server side, RPC client stub class on the client side).
	*
	* @deprecated Use ATTR_RPC_SERVICE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_RPC_SERVICE = TMP_RPC_SERVICE;
	/**
	* The name of the (logical) method being called, must be equal to the $method part in the span name.
	*
	* Note: This is the logical name of the method from the RPC interface perspective, which can be different from the name of any implementing method/function. The `code.function` attribute may be used to store the latter (e.g., method actually executing the call on the server side, RPC client stub method on the client side).
	*
	* @deprecated Use ATTR_RPC_METHOD in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_RPC_METHOD = TMP_RPC_METHOD;
	/**
	* The [numeric status code](https://github.com/grpc/grpc/blob/v1.33.2/doc/statuscodes.md) of the gRPC request.
	*
	* @deprecated Use ATTR_RPC_GRPC_STATUS_CODE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_RPC_GRPC_STATUS_CODE = TMP_RPC_GRPC_STATUS_CODE;
	/**
	* Protocol version as in `jsonrpc` property of request/response. Since JSON-RPC 1.0 does not specify this, the value can be omitted.
	*
	* @deprecated Use ATTR_RPC_JSONRPC_VERSION in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_RPC_JSONRPC_VERSION = TMP_RPC_JSONRPC_VERSION;
	/**
	* `id` property of request or response. Since protocol allows id to be int, string, `null` or missing (for notifications), value is expected to be cast to string for simplicity. Use empty string in case of `null` value. Omit entirely if this is a notification.
	*
	* @deprecated Use ATTR_RPC_JSONRPC_REQUEST_ID in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_RPC_JSONRPC_REQUEST_ID = TMP_RPC_JSONRPC_REQUEST_ID;
	/**
	* `error.code` property of response if it is an error response.
	*
	* @deprecated Use ATTR_RPC_JSONRPC_ERROR_CODE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_RPC_JSONRPC_ERROR_CODE = TMP_RPC_JSONRPC_ERROR_CODE;
	/**
	* `error.message` property of response if it is an error response.
	*
	* @deprecated Use ATTR_RPC_JSONRPC_ERROR_MESSAGE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_RPC_JSONRPC_ERROR_MESSAGE = TMP_RPC_JSONRPC_ERROR_MESSAGE;
	/**
	* Whether this is a received or sent message.
	*
	* @deprecated Use ATTR_MESSAGE_TYPE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_MESSAGE_TYPE = TMP_MESSAGE_TYPE;
	/**
	* MUST be calculated as two different counters starting from `1` one for sent messages and one for received message.
	*
	* Note: This way we guarantee that the values will be consistent between different implementations.
	*
	* @deprecated Use ATTR_MESSAGE_ID in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_MESSAGE_ID = TMP_MESSAGE_ID;
	/**
	* Compressed size of the message in bytes.
	*
	* @deprecated Use ATTR_MESSAGE_COMPRESSED_SIZE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_MESSAGE_COMPRESSED_SIZE = TMP_MESSAGE_COMPRESSED_SIZE;
	/**
	* Uncompressed size of the message in bytes.
	*
	* @deprecated Use ATTR_MESSAGE_UNCOMPRESSED_SIZE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMATTRS_MESSAGE_UNCOMPRESSED_SIZE = TMP_MESSAGE_UNCOMPRESSED_SIZE;
	/**
	* Create exported Value Map for SemanticAttributes values
	* @deprecated Use the SEMATTRS_XXXXX constants rather than the SemanticAttributes.XXXXX for bundle minification
	*/
	const SemanticAttributes = /*#__PURE__*/ require_utils.createConstMap([
		TMP_AWS_LAMBDA_INVOKED_ARN,
		TMP_DB_SYSTEM,
		TMP_DB_CONNECTION_STRING,
		TMP_DB_USER,
		TMP_DB_JDBC_DRIVER_CLASSNAME,
		TMP_DB_NAME,
		TMP_DB_STATEMENT,
		TMP_DB_OPERATION,
		TMP_DB_MSSQL_INSTANCE_NAME,
		TMP_DB_CASSANDRA_KEYSPACE,
		TMP_DB_CASSANDRA_PAGE_SIZE,
		TMP_DB_CASSANDRA_CONSISTENCY_LEVEL,
		TMP_DB_CASSANDRA_TABLE,
		TMP_DB_CASSANDRA_IDEMPOTENCE,
		TMP_DB_CASSANDRA_SPECULATIVE_EXECUTION_COUNT,
		TMP_DB_CASSANDRA_COORDINATOR_ID,
		TMP_DB_CASSANDRA_COORDINATOR_DC,
		TMP_DB_HBASE_NAMESPACE,
		TMP_DB_REDIS_DATABASE_INDEX,
		TMP_DB_MONGODB_COLLECTION,
		TMP_DB_SQL_TABLE,
		TMP_EXCEPTION_TYPE,
		TMP_EXCEPTION_MESSAGE,
		TMP_EXCEPTION_STACKTRACE,
		TMP_EXCEPTION_ESCAPED,
		TMP_FAAS_TRIGGER,
		TMP_FAAS_EXECUTION,
		TMP_FAAS_DOCUMENT_COLLECTION,
		TMP_FAAS_DOCUMENT_OPERATION,
		TMP_FAAS_DOCUMENT_TIME,
		TMP_FAAS_DOCUMENT_NAME,
		TMP_FAAS_TIME,
		TMP_FAAS_CRON,
		TMP_FAAS_COLDSTART,
		TMP_FAAS_INVOKED_NAME,
		TMP_FAAS_INVOKED_PROVIDER,
		TMP_FAAS_INVOKED_REGION,
		TMP_NET_TRANSPORT,
		TMP_NET_PEER_IP,
		TMP_NET_PEER_PORT,
		TMP_NET_PEER_NAME,
		TMP_NET_HOST_IP,
		TMP_NET_HOST_PORT,
		TMP_NET_HOST_NAME,
		TMP_NET_HOST_CONNECTION_TYPE,
		TMP_NET_HOST_CONNECTION_SUBTYPE,
		TMP_NET_HOST_CARRIER_NAME,
		TMP_NET_HOST_CARRIER_MCC,
		TMP_NET_HOST_CARRIER_MNC,
		TMP_NET_HOST_CARRIER_ICC,
		TMP_PEER_SERVICE,
		TMP_ENDUSER_ID,
		TMP_ENDUSER_ROLE,
		TMP_ENDUSER_SCOPE,
		TMP_THREAD_ID,
		TMP_THREAD_NAME,
		TMP_CODE_FUNCTION,
		TMP_CODE_NAMESPACE,
		TMP_CODE_FILEPATH,
		TMP_CODE_LINENO,
		TMP_HTTP_METHOD,
		TMP_HTTP_URL,
		TMP_HTTP_TARGET,
		TMP_HTTP_HOST,
		TMP_HTTP_SCHEME,
		TMP_HTTP_STATUS_CODE,
		TMP_HTTP_FLAVOR,
		TMP_HTTP_USER_AGENT,
		TMP_HTTP_REQUEST_CONTENT_LENGTH,
		TMP_HTTP_REQUEST_CONTENT_LENGTH_UNCOMPRESSED,
		TMP_HTTP_RESPONSE_CONTENT_LENGTH,
		TMP_HTTP_RESPONSE_CONTENT_LENGTH_UNCOMPRESSED,
		TMP_HTTP_SERVER_NAME,
		TMP_HTTP_ROUTE,
		TMP_HTTP_CLIENT_IP,
		TMP_AWS_DYNAMODB_TABLE_NAMES,
		TMP_AWS_DYNAMODB_CONSUMED_CAPACITY,
		TMP_AWS_DYNAMODB_ITEM_COLLECTION_METRICS,
		TMP_AWS_DYNAMODB_PROVISIONED_READ_CAPACITY,
		TMP_AWS_DYNAMODB_PROVISIONED_WRITE_CAPACITY,
		TMP_AWS_DYNAMODB_CONSISTENT_READ,
		TMP_AWS_DYNAMODB_PROJECTION,
		TMP_AWS_DYNAMODB_LIMIT,
		TMP_AWS_DYNAMODB_ATTRIBUTES_TO_GET,
		TMP_AWS_DYNAMODB_INDEX_NAME,
		TMP_AWS_DYNAMODB_SELECT,
		TMP_AWS_DYNAMODB_GLOBAL_SECONDARY_INDEXES,
		TMP_AWS_DYNAMODB_LOCAL_SECONDARY_INDEXES,
		TMP_AWS_DYNAMODB_EXCLUSIVE_START_TABLE,
		TMP_AWS_DYNAMODB_TABLE_COUNT,
		TMP_AWS_DYNAMODB_SCAN_FORWARD,
		TMP_AWS_DYNAMODB_SEGMENT,
		TMP_AWS_DYNAMODB_TOTAL_SEGMENTS,
		TMP_AWS_DYNAMODB_COUNT,
		TMP_AWS_DYNAMODB_SCANNED_COUNT,
		TMP_AWS_DYNAMODB_ATTRIBUTE_DEFINITIONS,
		TMP_AWS_DYNAMODB_GLOBAL_SECONDARY_INDEX_UPDATES,
		TMP_MESSAGING_SYSTEM,
		TMP_MESSAGING_DESTINATION,
		TMP_MESSAGING_DESTINATION_KIND,
		TMP_MESSAGING_TEMP_DESTINATION,
		TMP_MESSAGING_PROTOCOL,
		TMP_MESSAGING_PROTOCOL_VERSION,
		TMP_MESSAGING_URL,
		TMP_MESSAGING_MESSAGE_ID,
		TMP_MESSAGING_CONVERSATION_ID,
		TMP_MESSAGING_MESSAGE_PAYLOAD_SIZE_BYTES,
		TMP_MESSAGING_MESSAGE_PAYLOAD_COMPRESSED_SIZE_BYTES,
		TMP_MESSAGING_OPERATION,
		TMP_MESSAGING_CONSUMER_ID,
		TMP_MESSAGING_RABBITMQ_ROUTING_KEY,
		TMP_MESSAGING_KAFKA_MESSAGE_KEY,
		TMP_MESSAGING_KAFKA_CONSUMER_GROUP,
		TMP_MESSAGING_KAFKA_CLIENT_ID,
		TMP_MESSAGING_KAFKA_PARTITION,
		TMP_MESSAGING_KAFKA_TOMBSTONE,
		TMP_RPC_SYSTEM,
		TMP_RPC_SERVICE,
		TMP_RPC_METHOD,
		TMP_RPC_GRPC_STATUS_CODE,
		TMP_RPC_JSONRPC_VERSION,
		TMP_RPC_JSONRPC_REQUEST_ID,
		TMP_RPC_JSONRPC_ERROR_CODE,
		TMP_RPC_JSONRPC_ERROR_MESSAGE,
		TMP_MESSAGE_TYPE,
		TMP_MESSAGE_ID,
		TMP_MESSAGE_COMPRESSED_SIZE,
		TMP_MESSAGE_UNCOMPRESSED_SIZE
	]);
	const TMP_DBSYSTEMVALUES_OTHER_SQL = "other_sql";
	const TMP_DBSYSTEMVALUES_MSSQL = "mssql";
	const TMP_DBSYSTEMVALUES_MYSQL = "mysql";
	const TMP_DBSYSTEMVALUES_ORACLE = "oracle";
	const TMP_DBSYSTEMVALUES_DB2 = "db2";
	const TMP_DBSYSTEMVALUES_POSTGRESQL = "postgresql";
	const TMP_DBSYSTEMVALUES_REDSHIFT = "redshift";
	const TMP_DBSYSTEMVALUES_HIVE = "hive";
	const TMP_DBSYSTEMVALUES_CLOUDSCAPE = "cloudscape";
	const TMP_DBSYSTEMVALUES_HSQLDB = "hsqldb";
	const TMP_DBSYSTEMVALUES_PROGRESS = "progress";
	const TMP_DBSYSTEMVALUES_MAXDB = "maxdb";
	const TMP_DBSYSTEMVALUES_HANADB = "hanadb";
	const TMP_DBSYSTEMVALUES_INGRES = "ingres";
	const TMP_DBSYSTEMVALUES_FIRSTSQL = "firstsql";
	const TMP_DBSYSTEMVALUES_EDB = "edb";
	const TMP_DBSYSTEMVALUES_CACHE = "cache";
	const TMP_DBSYSTEMVALUES_ADABAS = "adabas";
	const TMP_DBSYSTEMVALUES_FIREBIRD = "firebird";
	const TMP_DBSYSTEMVALUES_DERBY = "derby";
	const TMP_DBSYSTEMVALUES_FILEMAKER = "filemaker";
	const TMP_DBSYSTEMVALUES_INFORMIX = "informix";
	const TMP_DBSYSTEMVALUES_INSTANTDB = "instantdb";
	const TMP_DBSYSTEMVALUES_INTERBASE = "interbase";
	const TMP_DBSYSTEMVALUES_MARIADB = "mariadb";
	const TMP_DBSYSTEMVALUES_NETEZZA = "netezza";
	const TMP_DBSYSTEMVALUES_PERVASIVE = "pervasive";
	const TMP_DBSYSTEMVALUES_POINTBASE = "pointbase";
	const TMP_DBSYSTEMVALUES_SQLITE = "sqlite";
	const TMP_DBSYSTEMVALUES_SYBASE = "sybase";
	const TMP_DBSYSTEMVALUES_TERADATA = "teradata";
	const TMP_DBSYSTEMVALUES_VERTICA = "vertica";
	const TMP_DBSYSTEMVALUES_H2 = "h2";
	const TMP_DBSYSTEMVALUES_COLDFUSION = "coldfusion";
	const TMP_DBSYSTEMVALUES_CASSANDRA = "cassandra";
	const TMP_DBSYSTEMVALUES_HBASE = "hbase";
	const TMP_DBSYSTEMVALUES_MONGODB = "mongodb";
	const TMP_DBSYSTEMVALUES_REDIS = "redis";
	const TMP_DBSYSTEMVALUES_COUCHBASE = "couchbase";
	const TMP_DBSYSTEMVALUES_COUCHDB = "couchdb";
	const TMP_DBSYSTEMVALUES_COSMOSDB = "cosmosdb";
	const TMP_DBSYSTEMVALUES_DYNAMODB = "dynamodb";
	const TMP_DBSYSTEMVALUES_NEO4J = "neo4j";
	const TMP_DBSYSTEMVALUES_GEODE = "geode";
	const TMP_DBSYSTEMVALUES_ELASTICSEARCH = "elasticsearch";
	const TMP_DBSYSTEMVALUES_MEMCACHED = "memcached";
	const TMP_DBSYSTEMVALUES_COCKROACHDB = "cockroachdb";
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_OTHER_SQL in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_OTHER_SQL = TMP_DBSYSTEMVALUES_OTHER_SQL;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_MSSQL in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_MSSQL = TMP_DBSYSTEMVALUES_MSSQL;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_MYSQL in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_MYSQL = TMP_DBSYSTEMVALUES_MYSQL;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_ORACLE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_ORACLE = TMP_DBSYSTEMVALUES_ORACLE;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_DB2 in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_DB2 = TMP_DBSYSTEMVALUES_DB2;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_POSTGRESQL in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_POSTGRESQL = TMP_DBSYSTEMVALUES_POSTGRESQL;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_REDSHIFT in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_REDSHIFT = TMP_DBSYSTEMVALUES_REDSHIFT;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_HIVE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_HIVE = TMP_DBSYSTEMVALUES_HIVE;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_CLOUDSCAPE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_CLOUDSCAPE = TMP_DBSYSTEMVALUES_CLOUDSCAPE;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_HSQLDB in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_HSQLDB = TMP_DBSYSTEMVALUES_HSQLDB;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_PROGRESS in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_PROGRESS = TMP_DBSYSTEMVALUES_PROGRESS;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_MAXDB in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_MAXDB = TMP_DBSYSTEMVALUES_MAXDB;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_HANADB in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_HANADB = TMP_DBSYSTEMVALUES_HANADB;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_INGRES in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_INGRES = TMP_DBSYSTEMVALUES_INGRES;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_FIRSTSQL in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_FIRSTSQL = TMP_DBSYSTEMVALUES_FIRSTSQL;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_EDB in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_EDB = TMP_DBSYSTEMVALUES_EDB;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_CACHE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_CACHE = TMP_DBSYSTEMVALUES_CACHE;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_ADABAS in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_ADABAS = TMP_DBSYSTEMVALUES_ADABAS;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_FIREBIRD in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_FIREBIRD = TMP_DBSYSTEMVALUES_FIREBIRD;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_DERBY in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_DERBY = TMP_DBSYSTEMVALUES_DERBY;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_FILEMAKER in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_FILEMAKER = TMP_DBSYSTEMVALUES_FILEMAKER;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_INFORMIX in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_INFORMIX = TMP_DBSYSTEMVALUES_INFORMIX;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_INSTANTDB in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_INSTANTDB = TMP_DBSYSTEMVALUES_INSTANTDB;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_INTERBASE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_INTERBASE = TMP_DBSYSTEMVALUES_INTERBASE;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_MARIADB in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_MARIADB = TMP_DBSYSTEMVALUES_MARIADB;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_NETEZZA in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_NETEZZA = TMP_DBSYSTEMVALUES_NETEZZA;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_PERVASIVE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_PERVASIVE = TMP_DBSYSTEMVALUES_PERVASIVE;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_POINTBASE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_POINTBASE = TMP_DBSYSTEMVALUES_POINTBASE;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_SQLITE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_SQLITE = TMP_DBSYSTEMVALUES_SQLITE;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_SYBASE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_SYBASE = TMP_DBSYSTEMVALUES_SYBASE;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_TERADATA in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_TERADATA = TMP_DBSYSTEMVALUES_TERADATA;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_VERTICA in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_VERTICA = TMP_DBSYSTEMVALUES_VERTICA;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_H2 in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_H2 = TMP_DBSYSTEMVALUES_H2;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_COLDFUSION in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_COLDFUSION = TMP_DBSYSTEMVALUES_COLDFUSION;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_CASSANDRA in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_CASSANDRA = TMP_DBSYSTEMVALUES_CASSANDRA;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_HBASE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_HBASE = TMP_DBSYSTEMVALUES_HBASE;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_MONGODB in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_MONGODB = TMP_DBSYSTEMVALUES_MONGODB;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_REDIS in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_REDIS = TMP_DBSYSTEMVALUES_REDIS;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_COUCHBASE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_COUCHBASE = TMP_DBSYSTEMVALUES_COUCHBASE;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_COUCHDB in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_COUCHDB = TMP_DBSYSTEMVALUES_COUCHDB;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_COSMOSDB in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_COSMOSDB = TMP_DBSYSTEMVALUES_COSMOSDB;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_DYNAMODB in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_DYNAMODB = TMP_DBSYSTEMVALUES_DYNAMODB;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_NEO4J in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_NEO4J = TMP_DBSYSTEMVALUES_NEO4J;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_GEODE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_GEODE = TMP_DBSYSTEMVALUES_GEODE;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_ELASTICSEARCH in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_ELASTICSEARCH = TMP_DBSYSTEMVALUES_ELASTICSEARCH;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_MEMCACHED in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_MEMCACHED = TMP_DBSYSTEMVALUES_MEMCACHED;
	/**
	* An identifier for the database management system (DBMS) product being used. See below for a list of well-known identifiers.
	*
	* @deprecated Use DB_SYSTEM_VALUE_COCKROACHDB in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBSYSTEMVALUES_COCKROACHDB = TMP_DBSYSTEMVALUES_COCKROACHDB;
	/**
	* The constant map of values for DbSystemValues.
	* @deprecated Use the DBSYSTEMVALUES_XXXXX constants rather than the DbSystemValues.XXXXX for bundle minification.
	*/
	const DbSystemValues = /*#__PURE__*/ require_utils.createConstMap([
		TMP_DBSYSTEMVALUES_OTHER_SQL,
		TMP_DBSYSTEMVALUES_MSSQL,
		TMP_DBSYSTEMVALUES_MYSQL,
		TMP_DBSYSTEMVALUES_ORACLE,
		TMP_DBSYSTEMVALUES_DB2,
		TMP_DBSYSTEMVALUES_POSTGRESQL,
		TMP_DBSYSTEMVALUES_REDSHIFT,
		TMP_DBSYSTEMVALUES_HIVE,
		TMP_DBSYSTEMVALUES_CLOUDSCAPE,
		TMP_DBSYSTEMVALUES_HSQLDB,
		TMP_DBSYSTEMVALUES_PROGRESS,
		TMP_DBSYSTEMVALUES_MAXDB,
		TMP_DBSYSTEMVALUES_HANADB,
		TMP_DBSYSTEMVALUES_INGRES,
		TMP_DBSYSTEMVALUES_FIRSTSQL,
		TMP_DBSYSTEMVALUES_EDB,
		TMP_DBSYSTEMVALUES_CACHE,
		TMP_DBSYSTEMVALUES_ADABAS,
		TMP_DBSYSTEMVALUES_FIREBIRD,
		TMP_DBSYSTEMVALUES_DERBY,
		TMP_DBSYSTEMVALUES_FILEMAKER,
		TMP_DBSYSTEMVALUES_INFORMIX,
		TMP_DBSYSTEMVALUES_INSTANTDB,
		TMP_DBSYSTEMVALUES_INTERBASE,
		TMP_DBSYSTEMVALUES_MARIADB,
		TMP_DBSYSTEMVALUES_NETEZZA,
		TMP_DBSYSTEMVALUES_PERVASIVE,
		TMP_DBSYSTEMVALUES_POINTBASE,
		TMP_DBSYSTEMVALUES_SQLITE,
		TMP_DBSYSTEMVALUES_SYBASE,
		TMP_DBSYSTEMVALUES_TERADATA,
		TMP_DBSYSTEMVALUES_VERTICA,
		TMP_DBSYSTEMVALUES_H2,
		TMP_DBSYSTEMVALUES_COLDFUSION,
		TMP_DBSYSTEMVALUES_CASSANDRA,
		TMP_DBSYSTEMVALUES_HBASE,
		TMP_DBSYSTEMVALUES_MONGODB,
		TMP_DBSYSTEMVALUES_REDIS,
		TMP_DBSYSTEMVALUES_COUCHBASE,
		TMP_DBSYSTEMVALUES_COUCHDB,
		TMP_DBSYSTEMVALUES_COSMOSDB,
		TMP_DBSYSTEMVALUES_DYNAMODB,
		TMP_DBSYSTEMVALUES_NEO4J,
		TMP_DBSYSTEMVALUES_GEODE,
		TMP_DBSYSTEMVALUES_ELASTICSEARCH,
		TMP_DBSYSTEMVALUES_MEMCACHED,
		TMP_DBSYSTEMVALUES_COCKROACHDB
	]);
	const TMP_DBCASSANDRACONSISTENCYLEVELVALUES_ALL = "all";
	const TMP_DBCASSANDRACONSISTENCYLEVELVALUES_EACH_QUORUM = "each_quorum";
	const TMP_DBCASSANDRACONSISTENCYLEVELVALUES_QUORUM = "quorum";
	const TMP_DBCASSANDRACONSISTENCYLEVELVALUES_LOCAL_QUORUM = "local_quorum";
	const TMP_DBCASSANDRACONSISTENCYLEVELVALUES_ONE = "one";
	const TMP_DBCASSANDRACONSISTENCYLEVELVALUES_TWO = "two";
	const TMP_DBCASSANDRACONSISTENCYLEVELVALUES_THREE = "three";
	const TMP_DBCASSANDRACONSISTENCYLEVELVALUES_LOCAL_ONE = "local_one";
	const TMP_DBCASSANDRACONSISTENCYLEVELVALUES_ANY = "any";
	const TMP_DBCASSANDRACONSISTENCYLEVELVALUES_SERIAL = "serial";
	const TMP_DBCASSANDRACONSISTENCYLEVELVALUES_LOCAL_SERIAL = "local_serial";
	/**
	* The consistency level of the query. Based on consistency values from [CQL](https://docs.datastax.com/en/cassandra-oss/3.0/cassandra/dml/dmlConfigConsistency.html).
	*
	* @deprecated Use DB_CASSANDRA_CONSISTENCY_LEVEL_VALUE_ALL in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBCASSANDRACONSISTENCYLEVELVALUES_ALL = TMP_DBCASSANDRACONSISTENCYLEVELVALUES_ALL;
	/**
	* The consistency level of the query. Based on consistency values from [CQL](https://docs.datastax.com/en/cassandra-oss/3.0/cassandra/dml/dmlConfigConsistency.html).
	*
	* @deprecated Use DB_CASSANDRA_CONSISTENCY_LEVEL_VALUE_EACH_QUORUM in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBCASSANDRACONSISTENCYLEVELVALUES_EACH_QUORUM = TMP_DBCASSANDRACONSISTENCYLEVELVALUES_EACH_QUORUM;
	/**
	* The consistency level of the query. Based on consistency values from [CQL](https://docs.datastax.com/en/cassandra-oss/3.0/cassandra/dml/dmlConfigConsistency.html).
	*
	* @deprecated Use DB_CASSANDRA_CONSISTENCY_LEVEL_VALUE_QUORUM in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBCASSANDRACONSISTENCYLEVELVALUES_QUORUM = TMP_DBCASSANDRACONSISTENCYLEVELVALUES_QUORUM;
	/**
	* The consistency level of the query. Based on consistency values from [CQL](https://docs.datastax.com/en/cassandra-oss/3.0/cassandra/dml/dmlConfigConsistency.html).
	*
	* @deprecated Use DB_CASSANDRA_CONSISTENCY_LEVEL_VALUE_LOCAL_QUORUM in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBCASSANDRACONSISTENCYLEVELVALUES_LOCAL_QUORUM = TMP_DBCASSANDRACONSISTENCYLEVELVALUES_LOCAL_QUORUM;
	/**
	* The consistency level of the query. Based on consistency values from [CQL](https://docs.datastax.com/en/cassandra-oss/3.0/cassandra/dml/dmlConfigConsistency.html).
	*
	* @deprecated Use DB_CASSANDRA_CONSISTENCY_LEVEL_VALUE_ONE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBCASSANDRACONSISTENCYLEVELVALUES_ONE = TMP_DBCASSANDRACONSISTENCYLEVELVALUES_ONE;
	/**
	* The consistency level of the query. Based on consistency values from [CQL](https://docs.datastax.com/en/cassandra-oss/3.0/cassandra/dml/dmlConfigConsistency.html).
	*
	* @deprecated Use DB_CASSANDRA_CONSISTENCY_LEVEL_VALUE_TWO in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBCASSANDRACONSISTENCYLEVELVALUES_TWO = TMP_DBCASSANDRACONSISTENCYLEVELVALUES_TWO;
	/**
	* The consistency level of the query. Based on consistency values from [CQL](https://docs.datastax.com/en/cassandra-oss/3.0/cassandra/dml/dmlConfigConsistency.html).
	*
	* @deprecated Use DB_CASSANDRA_CONSISTENCY_LEVEL_VALUE_THREE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBCASSANDRACONSISTENCYLEVELVALUES_THREE = TMP_DBCASSANDRACONSISTENCYLEVELVALUES_THREE;
	/**
	* The consistency level of the query. Based on consistency values from [CQL](https://docs.datastax.com/en/cassandra-oss/3.0/cassandra/dml/dmlConfigConsistency.html).
	*
	* @deprecated Use DB_CASSANDRA_CONSISTENCY_LEVEL_VALUE_LOCAL_ONE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBCASSANDRACONSISTENCYLEVELVALUES_LOCAL_ONE = TMP_DBCASSANDRACONSISTENCYLEVELVALUES_LOCAL_ONE;
	/**
	* The consistency level of the query. Based on consistency values from [CQL](https://docs.datastax.com/en/cassandra-oss/3.0/cassandra/dml/dmlConfigConsistency.html).
	*
	* @deprecated Use DB_CASSANDRA_CONSISTENCY_LEVEL_VALUE_ANY in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBCASSANDRACONSISTENCYLEVELVALUES_ANY = TMP_DBCASSANDRACONSISTENCYLEVELVALUES_ANY;
	/**
	* The consistency level of the query. Based on consistency values from [CQL](https://docs.datastax.com/en/cassandra-oss/3.0/cassandra/dml/dmlConfigConsistency.html).
	*
	* @deprecated Use DB_CASSANDRA_CONSISTENCY_LEVEL_VALUE_SERIAL in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBCASSANDRACONSISTENCYLEVELVALUES_SERIAL = TMP_DBCASSANDRACONSISTENCYLEVELVALUES_SERIAL;
	/**
	* The consistency level of the query. Based on consistency values from [CQL](https://docs.datastax.com/en/cassandra-oss/3.0/cassandra/dml/dmlConfigConsistency.html).
	*
	* @deprecated Use DB_CASSANDRA_CONSISTENCY_LEVEL_VALUE_LOCAL_SERIAL in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const DBCASSANDRACONSISTENCYLEVELVALUES_LOCAL_SERIAL = TMP_DBCASSANDRACONSISTENCYLEVELVALUES_LOCAL_SERIAL;
	/**
	* The constant map of values for DbCassandraConsistencyLevelValues.
	* @deprecated Use the DBCASSANDRACONSISTENCYLEVELVALUES_XXXXX constants rather than the DbCassandraConsistencyLevelValues.XXXXX for bundle minification.
	*/
	const DbCassandraConsistencyLevelValues = /*#__PURE__*/ require_utils.createConstMap([
		TMP_DBCASSANDRACONSISTENCYLEVELVALUES_ALL,
		TMP_DBCASSANDRACONSISTENCYLEVELVALUES_EACH_QUORUM,
		TMP_DBCASSANDRACONSISTENCYLEVELVALUES_QUORUM,
		TMP_DBCASSANDRACONSISTENCYLEVELVALUES_LOCAL_QUORUM,
		TMP_DBCASSANDRACONSISTENCYLEVELVALUES_ONE,
		TMP_DBCASSANDRACONSISTENCYLEVELVALUES_TWO,
		TMP_DBCASSANDRACONSISTENCYLEVELVALUES_THREE,
		TMP_DBCASSANDRACONSISTENCYLEVELVALUES_LOCAL_ONE,
		TMP_DBCASSANDRACONSISTENCYLEVELVALUES_ANY,
		TMP_DBCASSANDRACONSISTENCYLEVELVALUES_SERIAL,
		TMP_DBCASSANDRACONSISTENCYLEVELVALUES_LOCAL_SERIAL
	]);
	const TMP_FAASTRIGGERVALUES_DATASOURCE = "datasource";
	const TMP_FAASTRIGGERVALUES_HTTP = "http";
	const TMP_FAASTRIGGERVALUES_PUBSUB = "pubsub";
	const TMP_FAASTRIGGERVALUES_TIMER = "timer";
	const TMP_FAASTRIGGERVALUES_OTHER = "other";
	/**
	* Type of the trigger on which the function is executed.
	*
	* @deprecated Use FAAS_TRIGGER_VALUE_DATASOURCE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const FAASTRIGGERVALUES_DATASOURCE = TMP_FAASTRIGGERVALUES_DATASOURCE;
	/**
	* Type of the trigger on which the function is executed.
	*
	* @deprecated Use FAAS_TRIGGER_VALUE_HTTP in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const FAASTRIGGERVALUES_HTTP = TMP_FAASTRIGGERVALUES_HTTP;
	/**
	* Type of the trigger on which the function is executed.
	*
	* @deprecated Use FAAS_TRIGGER_VALUE_PUBSUB in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const FAASTRIGGERVALUES_PUBSUB = TMP_FAASTRIGGERVALUES_PUBSUB;
	/**
	* Type of the trigger on which the function is executed.
	*
	* @deprecated Use FAAS_TRIGGER_VALUE_TIMER in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const FAASTRIGGERVALUES_TIMER = TMP_FAASTRIGGERVALUES_TIMER;
	/**
	* Type of the trigger on which the function is executed.
	*
	* @deprecated Use FAAS_TRIGGER_VALUE_OTHER in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const FAASTRIGGERVALUES_OTHER = TMP_FAASTRIGGERVALUES_OTHER;
	/**
	* The constant map of values for FaasTriggerValues.
	* @deprecated Use the FAASTRIGGERVALUES_XXXXX constants rather than the FaasTriggerValues.XXXXX for bundle minification.
	*/
	const FaasTriggerValues = /*#__PURE__*/ require_utils.createConstMap([
		TMP_FAASTRIGGERVALUES_DATASOURCE,
		TMP_FAASTRIGGERVALUES_HTTP,
		TMP_FAASTRIGGERVALUES_PUBSUB,
		TMP_FAASTRIGGERVALUES_TIMER,
		TMP_FAASTRIGGERVALUES_OTHER
	]);
	const TMP_FAASDOCUMENTOPERATIONVALUES_INSERT = "insert";
	const TMP_FAASDOCUMENTOPERATIONVALUES_EDIT = "edit";
	const TMP_FAASDOCUMENTOPERATIONVALUES_DELETE = "delete";
	/**
	* Describes the type of the operation that was performed on the data.
	*
	* @deprecated Use FAAS_DOCUMENT_OPERATION_VALUE_INSERT in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const FAASDOCUMENTOPERATIONVALUES_INSERT = TMP_FAASDOCUMENTOPERATIONVALUES_INSERT;
	/**
	* Describes the type of the operation that was performed on the data.
	*
	* @deprecated Use FAAS_DOCUMENT_OPERATION_VALUE_EDIT in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const FAASDOCUMENTOPERATIONVALUES_EDIT = TMP_FAASDOCUMENTOPERATIONVALUES_EDIT;
	/**
	* Describes the type of the operation that was performed on the data.
	*
	* @deprecated Use FAAS_DOCUMENT_OPERATION_VALUE_DELETE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const FAASDOCUMENTOPERATIONVALUES_DELETE = TMP_FAASDOCUMENTOPERATIONVALUES_DELETE;
	/**
	* The constant map of values for FaasDocumentOperationValues.
	* @deprecated Use the FAASDOCUMENTOPERATIONVALUES_XXXXX constants rather than the FaasDocumentOperationValues.XXXXX for bundle minification.
	*/
	const FaasDocumentOperationValues = /*#__PURE__*/ require_utils.createConstMap([
		TMP_FAASDOCUMENTOPERATIONVALUES_INSERT,
		TMP_FAASDOCUMENTOPERATIONVALUES_EDIT,
		TMP_FAASDOCUMENTOPERATIONVALUES_DELETE
	]);
	const TMP_FAASINVOKEDPROVIDERVALUES_ALIBABA_CLOUD = "alibaba_cloud";
	const TMP_FAASINVOKEDPROVIDERVALUES_AWS = "aws";
	const TMP_FAASINVOKEDPROVIDERVALUES_AZURE = "azure";
	const TMP_FAASINVOKEDPROVIDERVALUES_GCP = "gcp";
	/**
	* The cloud provider of the invoked function.
	*
	* Note: SHOULD be equal to the `cloud.provider` resource attribute of the invoked function.
	*
	* @deprecated Use FAAS_INVOKED_PROVIDER_VALUE_ALIBABA_CLOUD in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const FAASINVOKEDPROVIDERVALUES_ALIBABA_CLOUD = TMP_FAASINVOKEDPROVIDERVALUES_ALIBABA_CLOUD;
	/**
	* The cloud provider of the invoked function.
	*
	* Note: SHOULD be equal to the `cloud.provider` resource attribute of the invoked function.
	*
	* @deprecated Use FAAS_INVOKED_PROVIDER_VALUE_AWS in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const FAASINVOKEDPROVIDERVALUES_AWS = TMP_FAASINVOKEDPROVIDERVALUES_AWS;
	/**
	* The cloud provider of the invoked function.
	*
	* Note: SHOULD be equal to the `cloud.provider` resource attribute of the invoked function.
	*
	* @deprecated Use FAAS_INVOKED_PROVIDER_VALUE_AZURE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const FAASINVOKEDPROVIDERVALUES_AZURE = TMP_FAASINVOKEDPROVIDERVALUES_AZURE;
	/**
	* The cloud provider of the invoked function.
	*
	* Note: SHOULD be equal to the `cloud.provider` resource attribute of the invoked function.
	*
	* @deprecated Use FAAS_INVOKED_PROVIDER_VALUE_GCP in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const FAASINVOKEDPROVIDERVALUES_GCP = TMP_FAASINVOKEDPROVIDERVALUES_GCP;
	/**
	* The constant map of values for FaasInvokedProviderValues.
	* @deprecated Use the FAASINVOKEDPROVIDERVALUES_XXXXX constants rather than the FaasInvokedProviderValues.XXXXX for bundle minification.
	*/
	const FaasInvokedProviderValues = /*#__PURE__*/ require_utils.createConstMap([
		TMP_FAASINVOKEDPROVIDERVALUES_ALIBABA_CLOUD,
		TMP_FAASINVOKEDPROVIDERVALUES_AWS,
		TMP_FAASINVOKEDPROVIDERVALUES_AZURE,
		TMP_FAASINVOKEDPROVIDERVALUES_GCP
	]);
	const TMP_NETTRANSPORTVALUES_IP_TCP = "ip_tcp";
	const TMP_NETTRANSPORTVALUES_IP_UDP = "ip_udp";
	const TMP_NETTRANSPORTVALUES_IP = "ip";
	const TMP_NETTRANSPORTVALUES_UNIX = "unix";
	const TMP_NETTRANSPORTVALUES_PIPE = "pipe";
	const TMP_NETTRANSPORTVALUES_INPROC = "inproc";
	const TMP_NETTRANSPORTVALUES_OTHER = "other";
	/**
	* Transport protocol used. See note below.
	*
	* @deprecated Use NET_TRANSPORT_VALUE_IP_TCP in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const NETTRANSPORTVALUES_IP_TCP = TMP_NETTRANSPORTVALUES_IP_TCP;
	/**
	* Transport protocol used. See note below.
	*
	* @deprecated Use NET_TRANSPORT_VALUE_IP_UDP in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const NETTRANSPORTVALUES_IP_UDP = TMP_NETTRANSPORTVALUES_IP_UDP;
	/**
	* Transport protocol used. See note below.
	*
	* @deprecated Removed in v1.21.0.
	*/
	const NETTRANSPORTVALUES_IP = TMP_NETTRANSPORTVALUES_IP;
	/**
	* Transport protocol used. See note below.
	*
	* @deprecated Removed in v1.21.0.
	*/
	const NETTRANSPORTVALUES_UNIX = TMP_NETTRANSPORTVALUES_UNIX;
	/**
	* Transport protocol used. See note below.
	*
	* @deprecated Use NET_TRANSPORT_VALUE_PIPE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const NETTRANSPORTVALUES_PIPE = TMP_NETTRANSPORTVALUES_PIPE;
	/**
	* Transport protocol used. See note below.
	*
	* @deprecated Use NET_TRANSPORT_VALUE_INPROC in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const NETTRANSPORTVALUES_INPROC = TMP_NETTRANSPORTVALUES_INPROC;
	/**
	* Transport protocol used. See note below.
	*
	* @deprecated Use NET_TRANSPORT_VALUE_OTHER in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const NETTRANSPORTVALUES_OTHER = TMP_NETTRANSPORTVALUES_OTHER;
	/**
	* The constant map of values for NetTransportValues.
	* @deprecated Use the NETTRANSPORTVALUES_XXXXX constants rather than the NetTransportValues.XXXXX for bundle minification.
	*/
	const NetTransportValues = /*#__PURE__*/ require_utils.createConstMap([
		TMP_NETTRANSPORTVALUES_IP_TCP,
		TMP_NETTRANSPORTVALUES_IP_UDP,
		TMP_NETTRANSPORTVALUES_IP,
		TMP_NETTRANSPORTVALUES_UNIX,
		TMP_NETTRANSPORTVALUES_PIPE,
		TMP_NETTRANSPORTVALUES_INPROC,
		TMP_NETTRANSPORTVALUES_OTHER
	]);
	const TMP_NETHOSTCONNECTIONTYPEVALUES_WIFI = "wifi";
	const TMP_NETHOSTCONNECTIONTYPEVALUES_WIRED = "wired";
	const TMP_NETHOSTCONNECTIONTYPEVALUES_CELL = "cell";
	const TMP_NETHOSTCONNECTIONTYPEVALUES_UNAVAILABLE = "unavailable";
	const TMP_NETHOSTCONNECTIONTYPEVALUES_UNKNOWN = "unknown";
	/**
	* The internet connection type currently being used by the host.
	*
	* @deprecated Use NETWORK_CONNECTION_TYPE_VALUE_WIFI in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const NETHOSTCONNECTIONTYPEVALUES_WIFI = TMP_NETHOSTCONNECTIONTYPEVALUES_WIFI;
	/**
	* The internet connection type currently being used by the host.
	*
	* @deprecated Use NETWORK_CONNECTION_TYPE_VALUE_WIRED in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const NETHOSTCONNECTIONTYPEVALUES_WIRED = TMP_NETHOSTCONNECTIONTYPEVALUES_WIRED;
	/**
	* The internet connection type currently being used by the host.
	*
	* @deprecated Use NETWORK_CONNECTION_TYPE_VALUE_CELL in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const NETHOSTCONNECTIONTYPEVALUES_CELL = TMP_NETHOSTCONNECTIONTYPEVALUES_CELL;
	/**
	* The internet connection type currently being used by the host.
	*
	* @deprecated Use NETWORK_CONNECTION_TYPE_VALUE_UNAVAILABLE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const NETHOSTCONNECTIONTYPEVALUES_UNAVAILABLE = TMP_NETHOSTCONNECTIONTYPEVALUES_UNAVAILABLE;
	/**
	* The internet connection type currently being used by the host.
	*
	* @deprecated Use NETWORK_CONNECTION_TYPE_VALUE_UNKNOWN in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const NETHOSTCONNECTIONTYPEVALUES_UNKNOWN = TMP_NETHOSTCONNECTIONTYPEVALUES_UNKNOWN;
	/**
	* The constant map of values for NetHostConnectionTypeValues.
	* @deprecated Use the NETHOSTCONNECTIONTYPEVALUES_XXXXX constants rather than the NetHostConnectionTypeValues.XXXXX for bundle minification.
	*/
	const NetHostConnectionTypeValues = /*#__PURE__*/ require_utils.createConstMap([
		TMP_NETHOSTCONNECTIONTYPEVALUES_WIFI,
		TMP_NETHOSTCONNECTIONTYPEVALUES_WIRED,
		TMP_NETHOSTCONNECTIONTYPEVALUES_CELL,
		TMP_NETHOSTCONNECTIONTYPEVALUES_UNAVAILABLE,
		TMP_NETHOSTCONNECTIONTYPEVALUES_UNKNOWN
	]);
	const TMP_NETHOSTCONNECTIONSUBTYPEVALUES_GPRS = "gprs";
	const TMP_NETHOSTCONNECTIONSUBTYPEVALUES_EDGE = "edge";
	const TMP_NETHOSTCONNECTIONSUBTYPEVALUES_UMTS = "umts";
	const TMP_NETHOSTCONNECTIONSUBTYPEVALUES_CDMA = "cdma";
	const TMP_NETHOSTCONNECTIONSUBTYPEVALUES_EVDO_0 = "evdo_0";
	const TMP_NETHOSTCONNECTIONSUBTYPEVALUES_EVDO_A = "evdo_a";
	const TMP_NETHOSTCONNECTIONSUBTYPEVALUES_CDMA2000_1XRTT = "cdma2000_1xrtt";
	const TMP_NETHOSTCONNECTIONSUBTYPEVALUES_HSDPA = "hsdpa";
	const TMP_NETHOSTCONNECTIONSUBTYPEVALUES_HSUPA = "hsupa";
	const TMP_NETHOSTCONNECTIONSUBTYPEVALUES_HSPA = "hspa";
	const TMP_NETHOSTCONNECTIONSUBTYPEVALUES_IDEN = "iden";
	const TMP_NETHOSTCONNECTIONSUBTYPEVALUES_EVDO_B = "evdo_b";
	const TMP_NETHOSTCONNECTIONSUBTYPEVALUES_LTE = "lte";
	const TMP_NETHOSTCONNECTIONSUBTYPEVALUES_EHRPD = "ehrpd";
	const TMP_NETHOSTCONNECTIONSUBTYPEVALUES_HSPAP = "hspap";
	const TMP_NETHOSTCONNECTIONSUBTYPEVALUES_GSM = "gsm";
	const TMP_NETHOSTCONNECTIONSUBTYPEVALUES_TD_SCDMA = "td_scdma";
	const TMP_NETHOSTCONNECTIONSUBTYPEVALUES_IWLAN = "iwlan";
	const TMP_NETHOSTCONNECTIONSUBTYPEVALUES_NR = "nr";
	const TMP_NETHOSTCONNECTIONSUBTYPEVALUES_NRNSA = "nrnsa";
	const TMP_NETHOSTCONNECTIONSUBTYPEVALUES_LTE_CA = "lte_ca";
	/**
	* This describes more details regarding the connection.type. It may be the type of cell technology connection, but it could be used for describing details about a wifi connection.
	*
	* @deprecated Use NETWORK_CONNECTION_SUBTYPE_VALUE_GPRS in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const NETHOSTCONNECTIONSUBTYPEVALUES_GPRS = TMP_NETHOSTCONNECTIONSUBTYPEVALUES_GPRS;
	/**
	* This describes more details regarding the connection.type. It may be the type of cell technology connection, but it could be used for describing details about a wifi connection.
	*
	* @deprecated Use NETWORK_CONNECTION_SUBTYPE_VALUE_EDGE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const NETHOSTCONNECTIONSUBTYPEVALUES_EDGE = TMP_NETHOSTCONNECTIONSUBTYPEVALUES_EDGE;
	/**
	* This describes more details regarding the connection.type. It may be the type of cell technology connection, but it could be used for describing details about a wifi connection.
	*
	* @deprecated Use NETWORK_CONNECTION_SUBTYPE_VALUE_UMTS in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const NETHOSTCONNECTIONSUBTYPEVALUES_UMTS = TMP_NETHOSTCONNECTIONSUBTYPEVALUES_UMTS;
	/**
	* This describes more details regarding the connection.type. It may be the type of cell technology connection, but it could be used for describing details about a wifi connection.
	*
	* @deprecated Use NETWORK_CONNECTION_SUBTYPE_VALUE_CDMA in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const NETHOSTCONNECTIONSUBTYPEVALUES_CDMA = TMP_NETHOSTCONNECTIONSUBTYPEVALUES_CDMA;
	/**
	* This describes more details regarding the connection.type. It may be the type of cell technology connection, but it could be used for describing details about a wifi connection.
	*
	* @deprecated Use NETWORK_CONNECTION_SUBTYPE_VALUE_EVDO_0 in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const NETHOSTCONNECTIONSUBTYPEVALUES_EVDO_0 = TMP_NETHOSTCONNECTIONSUBTYPEVALUES_EVDO_0;
	/**
	* This describes more details regarding the connection.type. It may be the type of cell technology connection, but it could be used for describing details about a wifi connection.
	*
	* @deprecated Use NETWORK_CONNECTION_SUBTYPE_VALUE_EVDO_A in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const NETHOSTCONNECTIONSUBTYPEVALUES_EVDO_A = TMP_NETHOSTCONNECTIONSUBTYPEVALUES_EVDO_A;
	/**
	* This describes more details regarding the connection.type. It may be the type of cell technology connection, but it could be used for describing details about a wifi connection.
	*
	* @deprecated Use NETWORK_CONNECTION_SUBTYPE_VALUE_CDMA2000_1XRTT in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const NETHOSTCONNECTIONSUBTYPEVALUES_CDMA2000_1XRTT = TMP_NETHOSTCONNECTIONSUBTYPEVALUES_CDMA2000_1XRTT;
	/**
	* This describes more details regarding the connection.type. It may be the type of cell technology connection, but it could be used for describing details about a wifi connection.
	*
	* @deprecated Use NETWORK_CONNECTION_SUBTYPE_VALUE_HSDPA in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const NETHOSTCONNECTIONSUBTYPEVALUES_HSDPA = TMP_NETHOSTCONNECTIONSUBTYPEVALUES_HSDPA;
	/**
	* This describes more details regarding the connection.type. It may be the type of cell technology connection, but it could be used for describing details about a wifi connection.
	*
	* @deprecated Use NETWORK_CONNECTION_SUBTYPE_VALUE_HSUPA in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const NETHOSTCONNECTIONSUBTYPEVALUES_HSUPA = TMP_NETHOSTCONNECTIONSUBTYPEVALUES_HSUPA;
	/**
	* This describes more details regarding the connection.type. It may be the type of cell technology connection, but it could be used for describing details about a wifi connection.
	*
	* @deprecated Use NETWORK_CONNECTION_SUBTYPE_VALUE_HSPA in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const NETHOSTCONNECTIONSUBTYPEVALUES_HSPA = TMP_NETHOSTCONNECTIONSUBTYPEVALUES_HSPA;
	/**
	* This describes more details regarding the connection.type. It may be the type of cell technology connection, but it could be used for describing details about a wifi connection.
	*
	* @deprecated Use NETWORK_CONNECTION_SUBTYPE_VALUE_IDEN in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const NETHOSTCONNECTIONSUBTYPEVALUES_IDEN = TMP_NETHOSTCONNECTIONSUBTYPEVALUES_IDEN;
	/**
	* This describes more details regarding the connection.type. It may be the type of cell technology connection, but it could be used for describing details about a wifi connection.
	*
	* @deprecated Use NETWORK_CONNECTION_SUBTYPE_VALUE_EVDO_B in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const NETHOSTCONNECTIONSUBTYPEVALUES_EVDO_B = TMP_NETHOSTCONNECTIONSUBTYPEVALUES_EVDO_B;
	/**
	* This describes more details regarding the connection.type. It may be the type of cell technology connection, but it could be used for describing details about a wifi connection.
	*
	* @deprecated Use NETWORK_CONNECTION_SUBTYPE_VALUE_LTE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const NETHOSTCONNECTIONSUBTYPEVALUES_LTE = TMP_NETHOSTCONNECTIONSUBTYPEVALUES_LTE;
	/**
	* This describes more details regarding the connection.type. It may be the type of cell technology connection, but it could be used for describing details about a wifi connection.
	*
	* @deprecated Use NETWORK_CONNECTION_SUBTYPE_VALUE_EHRPD in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const NETHOSTCONNECTIONSUBTYPEVALUES_EHRPD = TMP_NETHOSTCONNECTIONSUBTYPEVALUES_EHRPD;
	/**
	* This describes more details regarding the connection.type. It may be the type of cell technology connection, but it could be used for describing details about a wifi connection.
	*
	* @deprecated Use NETWORK_CONNECTION_SUBTYPE_VALUE_HSPAP in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const NETHOSTCONNECTIONSUBTYPEVALUES_HSPAP = TMP_NETHOSTCONNECTIONSUBTYPEVALUES_HSPAP;
	/**
	* This describes more details regarding the connection.type. It may be the type of cell technology connection, but it could be used for describing details about a wifi connection.
	*
	* @deprecated Use NETWORK_CONNECTION_SUBTYPE_VALUE_GSM in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const NETHOSTCONNECTIONSUBTYPEVALUES_GSM = TMP_NETHOSTCONNECTIONSUBTYPEVALUES_GSM;
	/**
	* This describes more details regarding the connection.type. It may be the type of cell technology connection, but it could be used for describing details about a wifi connection.
	*
	* @deprecated Use NETWORK_CONNECTION_SUBTYPE_VALUE_TD_SCDMA in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const NETHOSTCONNECTIONSUBTYPEVALUES_TD_SCDMA = TMP_NETHOSTCONNECTIONSUBTYPEVALUES_TD_SCDMA;
	/**
	* This describes more details regarding the connection.type. It may be the type of cell technology connection, but it could be used for describing details about a wifi connection.
	*
	* @deprecated Use NETWORK_CONNECTION_SUBTYPE_VALUE_IWLAN in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const NETHOSTCONNECTIONSUBTYPEVALUES_IWLAN = TMP_NETHOSTCONNECTIONSUBTYPEVALUES_IWLAN;
	/**
	* This describes more details regarding the connection.type. It may be the type of cell technology connection, but it could be used for describing details about a wifi connection.
	*
	* @deprecated Use NETWORK_CONNECTION_SUBTYPE_VALUE_NR in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const NETHOSTCONNECTIONSUBTYPEVALUES_NR = TMP_NETHOSTCONNECTIONSUBTYPEVALUES_NR;
	/**
	* This describes more details regarding the connection.type. It may be the type of cell technology connection, but it could be used for describing details about a wifi connection.
	*
	* @deprecated Use NETWORK_CONNECTION_SUBTYPE_VALUE_NRNSA in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const NETHOSTCONNECTIONSUBTYPEVALUES_NRNSA = TMP_NETHOSTCONNECTIONSUBTYPEVALUES_NRNSA;
	/**
	* This describes more details regarding the connection.type. It may be the type of cell technology connection, but it could be used for describing details about a wifi connection.
	*
	* @deprecated Use NETWORK_CONNECTION_SUBTYPE_VALUE_LTE_CA in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const NETHOSTCONNECTIONSUBTYPEVALUES_LTE_CA = TMP_NETHOSTCONNECTIONSUBTYPEVALUES_LTE_CA;
	/**
	* The constant map of values for NetHostConnectionSubtypeValues.
	* @deprecated Use the NETHOSTCONNECTIONSUBTYPEVALUES_XXXXX constants rather than the NetHostConnectionSubtypeValues.XXXXX for bundle minification.
	*/
	const NetHostConnectionSubtypeValues = /*#__PURE__*/ require_utils.createConstMap([
		TMP_NETHOSTCONNECTIONSUBTYPEVALUES_GPRS,
		TMP_NETHOSTCONNECTIONSUBTYPEVALUES_EDGE,
		TMP_NETHOSTCONNECTIONSUBTYPEVALUES_UMTS,
		TMP_NETHOSTCONNECTIONSUBTYPEVALUES_CDMA,
		TMP_NETHOSTCONNECTIONSUBTYPEVALUES_EVDO_0,
		TMP_NETHOSTCONNECTIONSUBTYPEVALUES_EVDO_A,
		TMP_NETHOSTCONNECTIONSUBTYPEVALUES_CDMA2000_1XRTT,
		TMP_NETHOSTCONNECTIONSUBTYPEVALUES_HSDPA,
		TMP_NETHOSTCONNECTIONSUBTYPEVALUES_HSUPA,
		TMP_NETHOSTCONNECTIONSUBTYPEVALUES_HSPA,
		TMP_NETHOSTCONNECTIONSUBTYPEVALUES_IDEN,
		TMP_NETHOSTCONNECTIONSUBTYPEVALUES_EVDO_B,
		TMP_NETHOSTCONNECTIONSUBTYPEVALUES_LTE,
		TMP_NETHOSTCONNECTIONSUBTYPEVALUES_EHRPD,
		TMP_NETHOSTCONNECTIONSUBTYPEVALUES_HSPAP,
		TMP_NETHOSTCONNECTIONSUBTYPEVALUES_GSM,
		TMP_NETHOSTCONNECTIONSUBTYPEVALUES_TD_SCDMA,
		TMP_NETHOSTCONNECTIONSUBTYPEVALUES_IWLAN,
		TMP_NETHOSTCONNECTIONSUBTYPEVALUES_NR,
		TMP_NETHOSTCONNECTIONSUBTYPEVALUES_NRNSA,
		TMP_NETHOSTCONNECTIONSUBTYPEVALUES_LTE_CA
	]);
	const TMP_HTTPFLAVORVALUES_HTTP_1_0 = "1.0";
	const TMP_HTTPFLAVORVALUES_HTTP_1_1 = "1.1";
	const TMP_HTTPFLAVORVALUES_HTTP_2_0 = "2.0";
	const TMP_HTTPFLAVORVALUES_SPDY = "SPDY";
	const TMP_HTTPFLAVORVALUES_QUIC = "QUIC";
	/**
	* Kind of HTTP protocol used.
	*
	* Note: If `net.transport` is not specified, it can be assumed to be `IP.TCP` except if `http.flavor` is `QUIC`, in which case `IP.UDP` is assumed.
	*
	* @deprecated Use HTTP_FLAVOR_VALUE_HTTP_1_0 in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const HTTPFLAVORVALUES_HTTP_1_0 = TMP_HTTPFLAVORVALUES_HTTP_1_0;
	/**
	* Kind of HTTP protocol used.
	*
	* Note: If `net.transport` is not specified, it can be assumed to be `IP.TCP` except if `http.flavor` is `QUIC`, in which case `IP.UDP` is assumed.
	*
	* @deprecated Use HTTP_FLAVOR_VALUE_HTTP_1_1 in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const HTTPFLAVORVALUES_HTTP_1_1 = TMP_HTTPFLAVORVALUES_HTTP_1_1;
	/**
	* Kind of HTTP protocol used.
	*
	* Note: If `net.transport` is not specified, it can be assumed to be `IP.TCP` except if `http.flavor` is `QUIC`, in which case `IP.UDP` is assumed.
	*
	* @deprecated Use HTTP_FLAVOR_VALUE_HTTP_2_0 in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const HTTPFLAVORVALUES_HTTP_2_0 = TMP_HTTPFLAVORVALUES_HTTP_2_0;
	/**
	* Kind of HTTP protocol used.
	*
	* Note: If `net.transport` is not specified, it can be assumed to be `IP.TCP` except if `http.flavor` is `QUIC`, in which case `IP.UDP` is assumed.
	*
	* @deprecated Use HTTP_FLAVOR_VALUE_SPDY in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const HTTPFLAVORVALUES_SPDY = TMP_HTTPFLAVORVALUES_SPDY;
	/**
	* Kind of HTTP protocol used.
	*
	* Note: If `net.transport` is not specified, it can be assumed to be `IP.TCP` except if `http.flavor` is `QUIC`, in which case `IP.UDP` is assumed.
	*
	* @deprecated Use HTTP_FLAVOR_VALUE_QUIC in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const HTTPFLAVORVALUES_QUIC = TMP_HTTPFLAVORVALUES_QUIC;
	/**
	* The constant map of values for HttpFlavorValues.
	* @deprecated Use the HTTPFLAVORVALUES_XXXXX constants rather than the HttpFlavorValues.XXXXX for bundle minification.
	*/
	const HttpFlavorValues = {
		HTTP_1_0: TMP_HTTPFLAVORVALUES_HTTP_1_0,
		HTTP_1_1: TMP_HTTPFLAVORVALUES_HTTP_1_1,
		HTTP_2_0: TMP_HTTPFLAVORVALUES_HTTP_2_0,
		SPDY: TMP_HTTPFLAVORVALUES_SPDY,
		QUIC: TMP_HTTPFLAVORVALUES_QUIC
	};
	const TMP_MESSAGINGDESTINATIONKINDVALUES_QUEUE = "queue";
	const TMP_MESSAGINGDESTINATIONKINDVALUES_TOPIC = "topic";
	/**
	* The kind of message destination.
	*
	* @deprecated Removed in semconv v1.20.0.
	*/
	const MESSAGINGDESTINATIONKINDVALUES_QUEUE = TMP_MESSAGINGDESTINATIONKINDVALUES_QUEUE;
	/**
	* The kind of message destination.
	*
	* @deprecated Removed in semconv v1.20.0.
	*/
	const MESSAGINGDESTINATIONKINDVALUES_TOPIC = TMP_MESSAGINGDESTINATIONKINDVALUES_TOPIC;
	/**
	* The constant map of values for MessagingDestinationKindValues.
	* @deprecated Use the MESSAGINGDESTINATIONKINDVALUES_XXXXX constants rather than the MessagingDestinationKindValues.XXXXX for bundle minification.
	*/
	const MessagingDestinationKindValues = /*#__PURE__*/ require_utils.createConstMap([TMP_MESSAGINGDESTINATIONKINDVALUES_QUEUE, TMP_MESSAGINGDESTINATIONKINDVALUES_TOPIC]);
	const TMP_MESSAGINGOPERATIONVALUES_RECEIVE = "receive";
	const TMP_MESSAGINGOPERATIONVALUES_PROCESS = "process";
	/**
	* A string identifying the kind of message consumption as defined in the [Operation names](#operation-names) section above. If the operation is &#34;send&#34;, this attribute MUST NOT be set, since the operation can be inferred from the span kind in that case.
	*
	* @deprecated Use MESSAGING_OPERATION_TYPE_VALUE_RECEIVE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const MESSAGINGOPERATIONVALUES_RECEIVE = TMP_MESSAGINGOPERATIONVALUES_RECEIVE;
	/**
	* A string identifying the kind of message consumption as defined in the [Operation names](#operation-names) section above. If the operation is &#34;send&#34;, this attribute MUST NOT be set, since the operation can be inferred from the span kind in that case.
	*
	* @deprecated Use MESSAGING_OPERATION_TYPE_VALUE_PROCESS in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const MESSAGINGOPERATIONVALUES_PROCESS = TMP_MESSAGINGOPERATIONVALUES_PROCESS;
	/**
	* The constant map of values for MessagingOperationValues.
	* @deprecated Use the MESSAGINGOPERATIONVALUES_XXXXX constants rather than the MessagingOperationValues.XXXXX for bundle minification.
	*/
	const MessagingOperationValues = /*#__PURE__*/ require_utils.createConstMap([TMP_MESSAGINGOPERATIONVALUES_RECEIVE, TMP_MESSAGINGOPERATIONVALUES_PROCESS]);
	const TMP_RPCGRPCSTATUSCODEVALUES_OK = 0;
	const TMP_RPCGRPCSTATUSCODEVALUES_CANCELLED = 1;
	const TMP_RPCGRPCSTATUSCODEVALUES_UNKNOWN = 2;
	const TMP_RPCGRPCSTATUSCODEVALUES_INVALID_ARGUMENT = 3;
	const TMP_RPCGRPCSTATUSCODEVALUES_DEADLINE_EXCEEDED = 4;
	const TMP_RPCGRPCSTATUSCODEVALUES_NOT_FOUND = 5;
	const TMP_RPCGRPCSTATUSCODEVALUES_ALREADY_EXISTS = 6;
	const TMP_RPCGRPCSTATUSCODEVALUES_PERMISSION_DENIED = 7;
	const TMP_RPCGRPCSTATUSCODEVALUES_RESOURCE_EXHAUSTED = 8;
	const TMP_RPCGRPCSTATUSCODEVALUES_FAILED_PRECONDITION = 9;
	const TMP_RPCGRPCSTATUSCODEVALUES_ABORTED = 10;
	const TMP_RPCGRPCSTATUSCODEVALUES_OUT_OF_RANGE = 11;
	const TMP_RPCGRPCSTATUSCODEVALUES_UNIMPLEMENTED = 12;
	const TMP_RPCGRPCSTATUSCODEVALUES_INTERNAL = 13;
	const TMP_RPCGRPCSTATUSCODEVALUES_UNAVAILABLE = 14;
	const TMP_RPCGRPCSTATUSCODEVALUES_DATA_LOSS = 15;
	const TMP_RPCGRPCSTATUSCODEVALUES_UNAUTHENTICATED = 16;
	/**
	* The [numeric status code](https://github.com/grpc/grpc/blob/v1.33.2/doc/statuscodes.md) of the gRPC request.
	*
	* @deprecated Use RPC_GRPC_STATUS_CODE_VALUE_OK in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const RPCGRPCSTATUSCODEVALUES_OK = TMP_RPCGRPCSTATUSCODEVALUES_OK;
	/**
	* The [numeric status code](https://github.com/grpc/grpc/blob/v1.33.2/doc/statuscodes.md) of the gRPC request.
	*
	* @deprecated Use RPC_GRPC_STATUS_CODE_VALUE_CANCELLED in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const RPCGRPCSTATUSCODEVALUES_CANCELLED = TMP_RPCGRPCSTATUSCODEVALUES_CANCELLED;
	/**
	* The [numeric status code](https://github.com/grpc/grpc/blob/v1.33.2/doc/statuscodes.md) of the gRPC request.
	*
	* @deprecated Use RPC_GRPC_STATUS_CODE_VALUE_UNKNOWN in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const RPCGRPCSTATUSCODEVALUES_UNKNOWN = TMP_RPCGRPCSTATUSCODEVALUES_UNKNOWN;
	/**
	* The [numeric status code](https://github.com/grpc/grpc/blob/v1.33.2/doc/statuscodes.md) of the gRPC request.
	*
	* @deprecated Use RPC_GRPC_STATUS_CODE_VALUE_INVALID_ARGUMENT in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const RPCGRPCSTATUSCODEVALUES_INVALID_ARGUMENT = TMP_RPCGRPCSTATUSCODEVALUES_INVALID_ARGUMENT;
	/**
	* The [numeric status code](https://github.com/grpc/grpc/blob/v1.33.2/doc/statuscodes.md) of the gRPC request.
	*
	* @deprecated Use RPC_GRPC_STATUS_CODE_VALUE_DEADLINE_EXCEEDED in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const RPCGRPCSTATUSCODEVALUES_DEADLINE_EXCEEDED = TMP_RPCGRPCSTATUSCODEVALUES_DEADLINE_EXCEEDED;
	/**
	* The [numeric status code](https://github.com/grpc/grpc/blob/v1.33.2/doc/statuscodes.md) of the gRPC request.
	*
	* @deprecated Use RPC_GRPC_STATUS_CODE_VALUE_NOT_FOUND in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const RPCGRPCSTATUSCODEVALUES_NOT_FOUND = TMP_RPCGRPCSTATUSCODEVALUES_NOT_FOUND;
	/**
	* The [numeric status code](https://github.com/grpc/grpc/blob/v1.33.2/doc/statuscodes.md) of the gRPC request.
	*
	* @deprecated Use RPC_GRPC_STATUS_CODE_VALUE_ALREADY_EXISTS in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const RPCGRPCSTATUSCODEVALUES_ALREADY_EXISTS = TMP_RPCGRPCSTATUSCODEVALUES_ALREADY_EXISTS;
	/**
	* The [numeric status code](https://github.com/grpc/grpc/blob/v1.33.2/doc/statuscodes.md) of the gRPC request.
	*
	* @deprecated Use RPC_GRPC_STATUS_CODE_VALUE_PERMISSION_DENIED in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const RPCGRPCSTATUSCODEVALUES_PERMISSION_DENIED = TMP_RPCGRPCSTATUSCODEVALUES_PERMISSION_DENIED;
	/**
	* The [numeric status code](https://github.com/grpc/grpc/blob/v1.33.2/doc/statuscodes.md) of the gRPC request.
	*
	* @deprecated Use RPC_GRPC_STATUS_CODE_VALUE_RESOURCE_EXHAUSTED in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const RPCGRPCSTATUSCODEVALUES_RESOURCE_EXHAUSTED = TMP_RPCGRPCSTATUSCODEVALUES_RESOURCE_EXHAUSTED;
	/**
	* The [numeric status code](https://github.com/grpc/grpc/blob/v1.33.2/doc/statuscodes.md) of the gRPC request.
	*
	* @deprecated Use RPC_GRPC_STATUS_CODE_VALUE_FAILED_PRECONDITION in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const RPCGRPCSTATUSCODEVALUES_FAILED_PRECONDITION = TMP_RPCGRPCSTATUSCODEVALUES_FAILED_PRECONDITION;
	/**
	* The [numeric status code](https://github.com/grpc/grpc/blob/v1.33.2/doc/statuscodes.md) of the gRPC request.
	*
	* @deprecated Use RPC_GRPC_STATUS_CODE_VALUE_ABORTED in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const RPCGRPCSTATUSCODEVALUES_ABORTED = TMP_RPCGRPCSTATUSCODEVALUES_ABORTED;
	/**
	* The [numeric status code](https://github.com/grpc/grpc/blob/v1.33.2/doc/statuscodes.md) of the gRPC request.
	*
	* @deprecated Use RPC_GRPC_STATUS_CODE_VALUE_OUT_OF_RANGE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const RPCGRPCSTATUSCODEVALUES_OUT_OF_RANGE = TMP_RPCGRPCSTATUSCODEVALUES_OUT_OF_RANGE;
	/**
	* The [numeric status code](https://github.com/grpc/grpc/blob/v1.33.2/doc/statuscodes.md) of the gRPC request.
	*
	* @deprecated Use RPC_GRPC_STATUS_CODE_VALUE_UNIMPLEMENTED in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const RPCGRPCSTATUSCODEVALUES_UNIMPLEMENTED = TMP_RPCGRPCSTATUSCODEVALUES_UNIMPLEMENTED;
	/**
	* The [numeric status code](https://github.com/grpc/grpc/blob/v1.33.2/doc/statuscodes.md) of the gRPC request.
	*
	* @deprecated Use RPC_GRPC_STATUS_CODE_VALUE_INTERNAL in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const RPCGRPCSTATUSCODEVALUES_INTERNAL = TMP_RPCGRPCSTATUSCODEVALUES_INTERNAL;
	/**
	* The [numeric status code](https://github.com/grpc/grpc/blob/v1.33.2/doc/statuscodes.md) of the gRPC request.
	*
	* @deprecated Use RPC_GRPC_STATUS_CODE_VALUE_UNAVAILABLE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const RPCGRPCSTATUSCODEVALUES_UNAVAILABLE = TMP_RPCGRPCSTATUSCODEVALUES_UNAVAILABLE;
	/**
	* The [numeric status code](https://github.com/grpc/grpc/blob/v1.33.2/doc/statuscodes.md) of the gRPC request.
	*
	* @deprecated Use RPC_GRPC_STATUS_CODE_VALUE_DATA_LOSS in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const RPCGRPCSTATUSCODEVALUES_DATA_LOSS = TMP_RPCGRPCSTATUSCODEVALUES_DATA_LOSS;
	/**
	* The [numeric status code](https://github.com/grpc/grpc/blob/v1.33.2/doc/statuscodes.md) of the gRPC request.
	*
	* @deprecated Use RPC_GRPC_STATUS_CODE_VALUE_UNAUTHENTICATED in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const RPCGRPCSTATUSCODEVALUES_UNAUTHENTICATED = TMP_RPCGRPCSTATUSCODEVALUES_UNAUTHENTICATED;
	/**
	* The constant map of values for RpcGrpcStatusCodeValues.
	* @deprecated Use the RPCGRPCSTATUSCODEVALUES_XXXXX constants rather than the RpcGrpcStatusCodeValues.XXXXX for bundle minification.
	*/
	const RpcGrpcStatusCodeValues = {
		OK: TMP_RPCGRPCSTATUSCODEVALUES_OK,
		CANCELLED: TMP_RPCGRPCSTATUSCODEVALUES_CANCELLED,
		UNKNOWN: TMP_RPCGRPCSTATUSCODEVALUES_UNKNOWN,
		INVALID_ARGUMENT: TMP_RPCGRPCSTATUSCODEVALUES_INVALID_ARGUMENT,
		DEADLINE_EXCEEDED: TMP_RPCGRPCSTATUSCODEVALUES_DEADLINE_EXCEEDED,
		NOT_FOUND: TMP_RPCGRPCSTATUSCODEVALUES_NOT_FOUND,
		ALREADY_EXISTS: TMP_RPCGRPCSTATUSCODEVALUES_ALREADY_EXISTS,
		PERMISSION_DENIED: TMP_RPCGRPCSTATUSCODEVALUES_PERMISSION_DENIED,
		RESOURCE_EXHAUSTED: TMP_RPCGRPCSTATUSCODEVALUES_RESOURCE_EXHAUSTED,
		FAILED_PRECONDITION: TMP_RPCGRPCSTATUSCODEVALUES_FAILED_PRECONDITION,
		ABORTED: TMP_RPCGRPCSTATUSCODEVALUES_ABORTED,
		OUT_OF_RANGE: TMP_RPCGRPCSTATUSCODEVALUES_OUT_OF_RANGE,
		UNIMPLEMENTED: TMP_RPCGRPCSTATUSCODEVALUES_UNIMPLEMENTED,
		INTERNAL: TMP_RPCGRPCSTATUSCODEVALUES_INTERNAL,
		UNAVAILABLE: TMP_RPCGRPCSTATUSCODEVALUES_UNAVAILABLE,
		DATA_LOSS: TMP_RPCGRPCSTATUSCODEVALUES_DATA_LOSS,
		UNAUTHENTICATED: TMP_RPCGRPCSTATUSCODEVALUES_UNAUTHENTICATED
	};
	const TMP_MESSAGETYPEVALUES_SENT = "SENT";
	const TMP_MESSAGETYPEVALUES_RECEIVED = "RECEIVED";
	/**
	* Whether this is a received or sent message.
	*
	* @deprecated Use MESSAGE_TYPE_VALUE_SENT in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const MESSAGETYPEVALUES_SENT = TMP_MESSAGETYPEVALUES_SENT;
	/**
	* Whether this is a received or sent message.
	*
	* @deprecated Use MESSAGE_TYPE_VALUE_RECEIVED in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const MESSAGETYPEVALUES_RECEIVED = TMP_MESSAGETYPEVALUES_RECEIVED;
	/**
	* The constant map of values for MessageTypeValues.
	* @deprecated Use the MESSAGETYPEVALUES_XXXXX constants rather than the MessageTypeValues.XXXXX for bundle minification.
	*/
	const MessageTypeValues = /*#__PURE__*/ require_utils.createConstMap([TMP_MESSAGETYPEVALUES_SENT, TMP_MESSAGETYPEVALUES_RECEIVED]);
	exports.DBCASSANDRACONSISTENCYLEVELVALUES_ALL = DBCASSANDRACONSISTENCYLEVELVALUES_ALL;
	exports.DBCASSANDRACONSISTENCYLEVELVALUES_ANY = DBCASSANDRACONSISTENCYLEVELVALUES_ANY;
	exports.DBCASSANDRACONSISTENCYLEVELVALUES_EACH_QUORUM = DBCASSANDRACONSISTENCYLEVELVALUES_EACH_QUORUM;
	exports.DBCASSANDRACONSISTENCYLEVELVALUES_LOCAL_ONE = DBCASSANDRACONSISTENCYLEVELVALUES_LOCAL_ONE;
	exports.DBCASSANDRACONSISTENCYLEVELVALUES_LOCAL_QUORUM = DBCASSANDRACONSISTENCYLEVELVALUES_LOCAL_QUORUM;
	exports.DBCASSANDRACONSISTENCYLEVELVALUES_LOCAL_SERIAL = DBCASSANDRACONSISTENCYLEVELVALUES_LOCAL_SERIAL;
	exports.DBCASSANDRACONSISTENCYLEVELVALUES_ONE = DBCASSANDRACONSISTENCYLEVELVALUES_ONE;
	exports.DBCASSANDRACONSISTENCYLEVELVALUES_QUORUM = DBCASSANDRACONSISTENCYLEVELVALUES_QUORUM;
	exports.DBCASSANDRACONSISTENCYLEVELVALUES_SERIAL = DBCASSANDRACONSISTENCYLEVELVALUES_SERIAL;
	exports.DBCASSANDRACONSISTENCYLEVELVALUES_THREE = DBCASSANDRACONSISTENCYLEVELVALUES_THREE;
	exports.DBCASSANDRACONSISTENCYLEVELVALUES_TWO = DBCASSANDRACONSISTENCYLEVELVALUES_TWO;
	exports.DBSYSTEMVALUES_ADABAS = DBSYSTEMVALUES_ADABAS;
	exports.DBSYSTEMVALUES_CACHE = DBSYSTEMVALUES_CACHE;
	exports.DBSYSTEMVALUES_CASSANDRA = DBSYSTEMVALUES_CASSANDRA;
	exports.DBSYSTEMVALUES_CLOUDSCAPE = DBSYSTEMVALUES_CLOUDSCAPE;
	exports.DBSYSTEMVALUES_COCKROACHDB = DBSYSTEMVALUES_COCKROACHDB;
	exports.DBSYSTEMVALUES_COLDFUSION = DBSYSTEMVALUES_COLDFUSION;
	exports.DBSYSTEMVALUES_COSMOSDB = DBSYSTEMVALUES_COSMOSDB;
	exports.DBSYSTEMVALUES_COUCHBASE = DBSYSTEMVALUES_COUCHBASE;
	exports.DBSYSTEMVALUES_COUCHDB = DBSYSTEMVALUES_COUCHDB;
	exports.DBSYSTEMVALUES_DB2 = DBSYSTEMVALUES_DB2;
	exports.DBSYSTEMVALUES_DERBY = DBSYSTEMVALUES_DERBY;
	exports.DBSYSTEMVALUES_DYNAMODB = DBSYSTEMVALUES_DYNAMODB;
	exports.DBSYSTEMVALUES_EDB = DBSYSTEMVALUES_EDB;
	exports.DBSYSTEMVALUES_ELASTICSEARCH = DBSYSTEMVALUES_ELASTICSEARCH;
	exports.DBSYSTEMVALUES_FILEMAKER = DBSYSTEMVALUES_FILEMAKER;
	exports.DBSYSTEMVALUES_FIREBIRD = DBSYSTEMVALUES_FIREBIRD;
	exports.DBSYSTEMVALUES_FIRSTSQL = DBSYSTEMVALUES_FIRSTSQL;
	exports.DBSYSTEMVALUES_GEODE = DBSYSTEMVALUES_GEODE;
	exports.DBSYSTEMVALUES_H2 = DBSYSTEMVALUES_H2;
	exports.DBSYSTEMVALUES_HANADB = DBSYSTEMVALUES_HANADB;
	exports.DBSYSTEMVALUES_HBASE = DBSYSTEMVALUES_HBASE;
	exports.DBSYSTEMVALUES_HIVE = DBSYSTEMVALUES_HIVE;
	exports.DBSYSTEMVALUES_HSQLDB = DBSYSTEMVALUES_HSQLDB;
	exports.DBSYSTEMVALUES_INFORMIX = DBSYSTEMVALUES_INFORMIX;
	exports.DBSYSTEMVALUES_INGRES = DBSYSTEMVALUES_INGRES;
	exports.DBSYSTEMVALUES_INSTANTDB = DBSYSTEMVALUES_INSTANTDB;
	exports.DBSYSTEMVALUES_INTERBASE = DBSYSTEMVALUES_INTERBASE;
	exports.DBSYSTEMVALUES_MARIADB = DBSYSTEMVALUES_MARIADB;
	exports.DBSYSTEMVALUES_MAXDB = DBSYSTEMVALUES_MAXDB;
	exports.DBSYSTEMVALUES_MEMCACHED = DBSYSTEMVALUES_MEMCACHED;
	exports.DBSYSTEMVALUES_MONGODB = DBSYSTEMVALUES_MONGODB;
	exports.DBSYSTEMVALUES_MSSQL = DBSYSTEMVALUES_MSSQL;
	exports.DBSYSTEMVALUES_MYSQL = DBSYSTEMVALUES_MYSQL;
	exports.DBSYSTEMVALUES_NEO4J = DBSYSTEMVALUES_NEO4J;
	exports.DBSYSTEMVALUES_NETEZZA = DBSYSTEMVALUES_NETEZZA;
	exports.DBSYSTEMVALUES_ORACLE = DBSYSTEMVALUES_ORACLE;
	exports.DBSYSTEMVALUES_OTHER_SQL = DBSYSTEMVALUES_OTHER_SQL;
	exports.DBSYSTEMVALUES_PERVASIVE = DBSYSTEMVALUES_PERVASIVE;
	exports.DBSYSTEMVALUES_POINTBASE = DBSYSTEMVALUES_POINTBASE;
	exports.DBSYSTEMVALUES_POSTGRESQL = DBSYSTEMVALUES_POSTGRESQL;
	exports.DBSYSTEMVALUES_PROGRESS = DBSYSTEMVALUES_PROGRESS;
	exports.DBSYSTEMVALUES_REDIS = DBSYSTEMVALUES_REDIS;
	exports.DBSYSTEMVALUES_REDSHIFT = DBSYSTEMVALUES_REDSHIFT;
	exports.DBSYSTEMVALUES_SQLITE = DBSYSTEMVALUES_SQLITE;
	exports.DBSYSTEMVALUES_SYBASE = DBSYSTEMVALUES_SYBASE;
	exports.DBSYSTEMVALUES_TERADATA = DBSYSTEMVALUES_TERADATA;
	exports.DBSYSTEMVALUES_VERTICA = DBSYSTEMVALUES_VERTICA;
	exports.DbCassandraConsistencyLevelValues = DbCassandraConsistencyLevelValues;
	exports.DbSystemValues = DbSystemValues;
	exports.FAASDOCUMENTOPERATIONVALUES_DELETE = FAASDOCUMENTOPERATIONVALUES_DELETE;
	exports.FAASDOCUMENTOPERATIONVALUES_EDIT = FAASDOCUMENTOPERATIONVALUES_EDIT;
	exports.FAASDOCUMENTOPERATIONVALUES_INSERT = FAASDOCUMENTOPERATIONVALUES_INSERT;
	exports.FAASINVOKEDPROVIDERVALUES_ALIBABA_CLOUD = FAASINVOKEDPROVIDERVALUES_ALIBABA_CLOUD;
	exports.FAASINVOKEDPROVIDERVALUES_AWS = FAASINVOKEDPROVIDERVALUES_AWS;
	exports.FAASINVOKEDPROVIDERVALUES_AZURE = FAASINVOKEDPROVIDERVALUES_AZURE;
	exports.FAASINVOKEDPROVIDERVALUES_GCP = FAASINVOKEDPROVIDERVALUES_GCP;
	exports.FAASTRIGGERVALUES_DATASOURCE = FAASTRIGGERVALUES_DATASOURCE;
	exports.FAASTRIGGERVALUES_HTTP = FAASTRIGGERVALUES_HTTP;
	exports.FAASTRIGGERVALUES_OTHER = FAASTRIGGERVALUES_OTHER;
	exports.FAASTRIGGERVALUES_PUBSUB = FAASTRIGGERVALUES_PUBSUB;
	exports.FAASTRIGGERVALUES_TIMER = FAASTRIGGERVALUES_TIMER;
	exports.FaasDocumentOperationValues = FaasDocumentOperationValues;
	exports.FaasInvokedProviderValues = FaasInvokedProviderValues;
	exports.FaasTriggerValues = FaasTriggerValues;
	exports.HTTPFLAVORVALUES_HTTP_1_0 = HTTPFLAVORVALUES_HTTP_1_0;
	exports.HTTPFLAVORVALUES_HTTP_1_1 = HTTPFLAVORVALUES_HTTP_1_1;
	exports.HTTPFLAVORVALUES_HTTP_2_0 = HTTPFLAVORVALUES_HTTP_2_0;
	exports.HTTPFLAVORVALUES_QUIC = HTTPFLAVORVALUES_QUIC;
	exports.HTTPFLAVORVALUES_SPDY = HTTPFLAVORVALUES_SPDY;
	exports.HttpFlavorValues = HttpFlavorValues;
	exports.MESSAGETYPEVALUES_RECEIVED = MESSAGETYPEVALUES_RECEIVED;
	exports.MESSAGETYPEVALUES_SENT = MESSAGETYPEVALUES_SENT;
	exports.MESSAGINGDESTINATIONKINDVALUES_QUEUE = MESSAGINGDESTINATIONKINDVALUES_QUEUE;
	exports.MESSAGINGDESTINATIONKINDVALUES_TOPIC = MESSAGINGDESTINATIONKINDVALUES_TOPIC;
	exports.MESSAGINGOPERATIONVALUES_PROCESS = MESSAGINGOPERATIONVALUES_PROCESS;
	exports.MESSAGINGOPERATIONVALUES_RECEIVE = MESSAGINGOPERATIONVALUES_RECEIVE;
	exports.MessageTypeValues = MessageTypeValues;
	exports.MessagingDestinationKindValues = MessagingDestinationKindValues;
	exports.MessagingOperationValues = MessagingOperationValues;
	exports.NETHOSTCONNECTIONSUBTYPEVALUES_CDMA = NETHOSTCONNECTIONSUBTYPEVALUES_CDMA;
	exports.NETHOSTCONNECTIONSUBTYPEVALUES_CDMA2000_1XRTT = NETHOSTCONNECTIONSUBTYPEVALUES_CDMA2000_1XRTT;
	exports.NETHOSTCONNECTIONSUBTYPEVALUES_EDGE = NETHOSTCONNECTIONSUBTYPEVALUES_EDGE;
	exports.NETHOSTCONNECTIONSUBTYPEVALUES_EHRPD = NETHOSTCONNECTIONSUBTYPEVALUES_EHRPD;
	exports.NETHOSTCONNECTIONSUBTYPEVALUES_EVDO_0 = NETHOSTCONNECTIONSUBTYPEVALUES_EVDO_0;
	exports.NETHOSTCONNECTIONSUBTYPEVALUES_EVDO_A = NETHOSTCONNECTIONSUBTYPEVALUES_EVDO_A;
	exports.NETHOSTCONNECTIONSUBTYPEVALUES_EVDO_B = NETHOSTCONNECTIONSUBTYPEVALUES_EVDO_B;
	exports.NETHOSTCONNECTIONSUBTYPEVALUES_GPRS = NETHOSTCONNECTIONSUBTYPEVALUES_GPRS;
	exports.NETHOSTCONNECTIONSUBTYPEVALUES_GSM = NETHOSTCONNECTIONSUBTYPEVALUES_GSM;
	exports.NETHOSTCONNECTIONSUBTYPEVALUES_HSDPA = NETHOSTCONNECTIONSUBTYPEVALUES_HSDPA;
	exports.NETHOSTCONNECTIONSUBTYPEVALUES_HSPA = NETHOSTCONNECTIONSUBTYPEVALUES_HSPA;
	exports.NETHOSTCONNECTIONSUBTYPEVALUES_HSPAP = NETHOSTCONNECTIONSUBTYPEVALUES_HSPAP;
	exports.NETHOSTCONNECTIONSUBTYPEVALUES_HSUPA = NETHOSTCONNECTIONSUBTYPEVALUES_HSUPA;
	exports.NETHOSTCONNECTIONSUBTYPEVALUES_IDEN = NETHOSTCONNECTIONSUBTYPEVALUES_IDEN;
	exports.NETHOSTCONNECTIONSUBTYPEVALUES_IWLAN = NETHOSTCONNECTIONSUBTYPEVALUES_IWLAN;
	exports.NETHOSTCONNECTIONSUBTYPEVALUES_LTE = NETHOSTCONNECTIONSUBTYPEVALUES_LTE;
	exports.NETHOSTCONNECTIONSUBTYPEVALUES_LTE_CA = NETHOSTCONNECTIONSUBTYPEVALUES_LTE_CA;
	exports.NETHOSTCONNECTIONSUBTYPEVALUES_NR = NETHOSTCONNECTIONSUBTYPEVALUES_NR;
	exports.NETHOSTCONNECTIONSUBTYPEVALUES_NRNSA = NETHOSTCONNECTIONSUBTYPEVALUES_NRNSA;
	exports.NETHOSTCONNECTIONSUBTYPEVALUES_TD_SCDMA = NETHOSTCONNECTIONSUBTYPEVALUES_TD_SCDMA;
	exports.NETHOSTCONNECTIONSUBTYPEVALUES_UMTS = NETHOSTCONNECTIONSUBTYPEVALUES_UMTS;
	exports.NETHOSTCONNECTIONTYPEVALUES_CELL = NETHOSTCONNECTIONTYPEVALUES_CELL;
	exports.NETHOSTCONNECTIONTYPEVALUES_UNAVAILABLE = NETHOSTCONNECTIONTYPEVALUES_UNAVAILABLE;
	exports.NETHOSTCONNECTIONTYPEVALUES_UNKNOWN = NETHOSTCONNECTIONTYPEVALUES_UNKNOWN;
	exports.NETHOSTCONNECTIONTYPEVALUES_WIFI = NETHOSTCONNECTIONTYPEVALUES_WIFI;
	exports.NETHOSTCONNECTIONTYPEVALUES_WIRED = NETHOSTCONNECTIONTYPEVALUES_WIRED;
	exports.NETTRANSPORTVALUES_INPROC = NETTRANSPORTVALUES_INPROC;
	exports.NETTRANSPORTVALUES_IP = NETTRANSPORTVALUES_IP;
	exports.NETTRANSPORTVALUES_IP_TCP = NETTRANSPORTVALUES_IP_TCP;
	exports.NETTRANSPORTVALUES_IP_UDP = NETTRANSPORTVALUES_IP_UDP;
	exports.NETTRANSPORTVALUES_OTHER = NETTRANSPORTVALUES_OTHER;
	exports.NETTRANSPORTVALUES_PIPE = NETTRANSPORTVALUES_PIPE;
	exports.NETTRANSPORTVALUES_UNIX = NETTRANSPORTVALUES_UNIX;
	exports.NetHostConnectionSubtypeValues = NetHostConnectionSubtypeValues;
	exports.NetHostConnectionTypeValues = NetHostConnectionTypeValues;
	exports.NetTransportValues = NetTransportValues;
	exports.RPCGRPCSTATUSCODEVALUES_ABORTED = RPCGRPCSTATUSCODEVALUES_ABORTED;
	exports.RPCGRPCSTATUSCODEVALUES_ALREADY_EXISTS = RPCGRPCSTATUSCODEVALUES_ALREADY_EXISTS;
	exports.RPCGRPCSTATUSCODEVALUES_CANCELLED = RPCGRPCSTATUSCODEVALUES_CANCELLED;
	exports.RPCGRPCSTATUSCODEVALUES_DATA_LOSS = RPCGRPCSTATUSCODEVALUES_DATA_LOSS;
	exports.RPCGRPCSTATUSCODEVALUES_DEADLINE_EXCEEDED = RPCGRPCSTATUSCODEVALUES_DEADLINE_EXCEEDED;
	exports.RPCGRPCSTATUSCODEVALUES_FAILED_PRECONDITION = RPCGRPCSTATUSCODEVALUES_FAILED_PRECONDITION;
	exports.RPCGRPCSTATUSCODEVALUES_INTERNAL = RPCGRPCSTATUSCODEVALUES_INTERNAL;
	exports.RPCGRPCSTATUSCODEVALUES_INVALID_ARGUMENT = RPCGRPCSTATUSCODEVALUES_INVALID_ARGUMENT;
	exports.RPCGRPCSTATUSCODEVALUES_NOT_FOUND = RPCGRPCSTATUSCODEVALUES_NOT_FOUND;
	exports.RPCGRPCSTATUSCODEVALUES_OK = RPCGRPCSTATUSCODEVALUES_OK;
	exports.RPCGRPCSTATUSCODEVALUES_OUT_OF_RANGE = RPCGRPCSTATUSCODEVALUES_OUT_OF_RANGE;
	exports.RPCGRPCSTATUSCODEVALUES_PERMISSION_DENIED = RPCGRPCSTATUSCODEVALUES_PERMISSION_DENIED;
	exports.RPCGRPCSTATUSCODEVALUES_RESOURCE_EXHAUSTED = RPCGRPCSTATUSCODEVALUES_RESOURCE_EXHAUSTED;
	exports.RPCGRPCSTATUSCODEVALUES_UNAUTHENTICATED = RPCGRPCSTATUSCODEVALUES_UNAUTHENTICATED;
	exports.RPCGRPCSTATUSCODEVALUES_UNAVAILABLE = RPCGRPCSTATUSCODEVALUES_UNAVAILABLE;
	exports.RPCGRPCSTATUSCODEVALUES_UNIMPLEMENTED = RPCGRPCSTATUSCODEVALUES_UNIMPLEMENTED;
	exports.RPCGRPCSTATUSCODEVALUES_UNKNOWN = RPCGRPCSTATUSCODEVALUES_UNKNOWN;
	exports.RpcGrpcStatusCodeValues = RpcGrpcStatusCodeValues;
	exports.SEMATTRS_AWS_DYNAMODB_ATTRIBUTES_TO_GET = SEMATTRS_AWS_DYNAMODB_ATTRIBUTES_TO_GET;
	exports.SEMATTRS_AWS_DYNAMODB_ATTRIBUTE_DEFINITIONS = SEMATTRS_AWS_DYNAMODB_ATTRIBUTE_DEFINITIONS;
	exports.SEMATTRS_AWS_DYNAMODB_CONSISTENT_READ = SEMATTRS_AWS_DYNAMODB_CONSISTENT_READ;
	exports.SEMATTRS_AWS_DYNAMODB_CONSUMED_CAPACITY = SEMATTRS_AWS_DYNAMODB_CONSUMED_CAPACITY;
	exports.SEMATTRS_AWS_DYNAMODB_COUNT = SEMATTRS_AWS_DYNAMODB_COUNT;
	exports.SEMATTRS_AWS_DYNAMODB_EXCLUSIVE_START_TABLE = SEMATTRS_AWS_DYNAMODB_EXCLUSIVE_START_TABLE;
	exports.SEMATTRS_AWS_DYNAMODB_GLOBAL_SECONDARY_INDEXES = SEMATTRS_AWS_DYNAMODB_GLOBAL_SECONDARY_INDEXES;
	exports.SEMATTRS_AWS_DYNAMODB_GLOBAL_SECONDARY_INDEX_UPDATES = SEMATTRS_AWS_DYNAMODB_GLOBAL_SECONDARY_INDEX_UPDATES;
	exports.SEMATTRS_AWS_DYNAMODB_INDEX_NAME = SEMATTRS_AWS_DYNAMODB_INDEX_NAME;
	exports.SEMATTRS_AWS_DYNAMODB_ITEM_COLLECTION_METRICS = SEMATTRS_AWS_DYNAMODB_ITEM_COLLECTION_METRICS;
	exports.SEMATTRS_AWS_DYNAMODB_LIMIT = SEMATTRS_AWS_DYNAMODB_LIMIT;
	exports.SEMATTRS_AWS_DYNAMODB_LOCAL_SECONDARY_INDEXES = SEMATTRS_AWS_DYNAMODB_LOCAL_SECONDARY_INDEXES;
	exports.SEMATTRS_AWS_DYNAMODB_PROJECTION = SEMATTRS_AWS_DYNAMODB_PROJECTION;
	exports.SEMATTRS_AWS_DYNAMODB_PROVISIONED_READ_CAPACITY = SEMATTRS_AWS_DYNAMODB_PROVISIONED_READ_CAPACITY;
	exports.SEMATTRS_AWS_DYNAMODB_PROVISIONED_WRITE_CAPACITY = SEMATTRS_AWS_DYNAMODB_PROVISIONED_WRITE_CAPACITY;
	exports.SEMATTRS_AWS_DYNAMODB_SCANNED_COUNT = SEMATTRS_AWS_DYNAMODB_SCANNED_COUNT;
	exports.SEMATTRS_AWS_DYNAMODB_SCAN_FORWARD = SEMATTRS_AWS_DYNAMODB_SCAN_FORWARD;
	exports.SEMATTRS_AWS_DYNAMODB_SEGMENT = SEMATTRS_AWS_DYNAMODB_SEGMENT;
	exports.SEMATTRS_AWS_DYNAMODB_SELECT = SEMATTRS_AWS_DYNAMODB_SELECT;
	exports.SEMATTRS_AWS_DYNAMODB_TABLE_COUNT = SEMATTRS_AWS_DYNAMODB_TABLE_COUNT;
	exports.SEMATTRS_AWS_DYNAMODB_TABLE_NAMES = SEMATTRS_AWS_DYNAMODB_TABLE_NAMES;
	exports.SEMATTRS_AWS_DYNAMODB_TOTAL_SEGMENTS = SEMATTRS_AWS_DYNAMODB_TOTAL_SEGMENTS;
	exports.SEMATTRS_AWS_LAMBDA_INVOKED_ARN = SEMATTRS_AWS_LAMBDA_INVOKED_ARN;
	exports.SEMATTRS_CODE_FILEPATH = SEMATTRS_CODE_FILEPATH;
	exports.SEMATTRS_CODE_FUNCTION = SEMATTRS_CODE_FUNCTION;
	exports.SEMATTRS_CODE_LINENO = SEMATTRS_CODE_LINENO;
	exports.SEMATTRS_CODE_NAMESPACE = SEMATTRS_CODE_NAMESPACE;
	exports.SEMATTRS_DB_CASSANDRA_CONSISTENCY_LEVEL = SEMATTRS_DB_CASSANDRA_CONSISTENCY_LEVEL;
	exports.SEMATTRS_DB_CASSANDRA_COORDINATOR_DC = SEMATTRS_DB_CASSANDRA_COORDINATOR_DC;
	exports.SEMATTRS_DB_CASSANDRA_COORDINATOR_ID = SEMATTRS_DB_CASSANDRA_COORDINATOR_ID;
	exports.SEMATTRS_DB_CASSANDRA_IDEMPOTENCE = SEMATTRS_DB_CASSANDRA_IDEMPOTENCE;
	exports.SEMATTRS_DB_CASSANDRA_KEYSPACE = SEMATTRS_DB_CASSANDRA_KEYSPACE;
	exports.SEMATTRS_DB_CASSANDRA_PAGE_SIZE = SEMATTRS_DB_CASSANDRA_PAGE_SIZE;
	exports.SEMATTRS_DB_CASSANDRA_SPECULATIVE_EXECUTION_COUNT = SEMATTRS_DB_CASSANDRA_SPECULATIVE_EXECUTION_COUNT;
	exports.SEMATTRS_DB_CASSANDRA_TABLE = SEMATTRS_DB_CASSANDRA_TABLE;
	exports.SEMATTRS_DB_CONNECTION_STRING = SEMATTRS_DB_CONNECTION_STRING;
	exports.SEMATTRS_DB_HBASE_NAMESPACE = SEMATTRS_DB_HBASE_NAMESPACE;
	exports.SEMATTRS_DB_JDBC_DRIVER_CLASSNAME = SEMATTRS_DB_JDBC_DRIVER_CLASSNAME;
	exports.SEMATTRS_DB_MONGODB_COLLECTION = SEMATTRS_DB_MONGODB_COLLECTION;
	exports.SEMATTRS_DB_MSSQL_INSTANCE_NAME = SEMATTRS_DB_MSSQL_INSTANCE_NAME;
	exports.SEMATTRS_DB_NAME = SEMATTRS_DB_NAME;
	exports.SEMATTRS_DB_OPERATION = SEMATTRS_DB_OPERATION;
	exports.SEMATTRS_DB_REDIS_DATABASE_INDEX = SEMATTRS_DB_REDIS_DATABASE_INDEX;
	exports.SEMATTRS_DB_SQL_TABLE = SEMATTRS_DB_SQL_TABLE;
	exports.SEMATTRS_DB_STATEMENT = SEMATTRS_DB_STATEMENT;
	exports.SEMATTRS_DB_SYSTEM = SEMATTRS_DB_SYSTEM;
	exports.SEMATTRS_DB_USER = SEMATTRS_DB_USER;
	exports.SEMATTRS_ENDUSER_ID = SEMATTRS_ENDUSER_ID;
	exports.SEMATTRS_ENDUSER_ROLE = SEMATTRS_ENDUSER_ROLE;
	exports.SEMATTRS_ENDUSER_SCOPE = SEMATTRS_ENDUSER_SCOPE;
	exports.SEMATTRS_EXCEPTION_ESCAPED = SEMATTRS_EXCEPTION_ESCAPED;
	exports.SEMATTRS_EXCEPTION_MESSAGE = SEMATTRS_EXCEPTION_MESSAGE;
	exports.SEMATTRS_EXCEPTION_STACKTRACE = SEMATTRS_EXCEPTION_STACKTRACE;
	exports.SEMATTRS_EXCEPTION_TYPE = SEMATTRS_EXCEPTION_TYPE;
	exports.SEMATTRS_FAAS_COLDSTART = SEMATTRS_FAAS_COLDSTART;
	exports.SEMATTRS_FAAS_CRON = SEMATTRS_FAAS_CRON;
	exports.SEMATTRS_FAAS_DOCUMENT_COLLECTION = SEMATTRS_FAAS_DOCUMENT_COLLECTION;
	exports.SEMATTRS_FAAS_DOCUMENT_NAME = SEMATTRS_FAAS_DOCUMENT_NAME;
	exports.SEMATTRS_FAAS_DOCUMENT_OPERATION = SEMATTRS_FAAS_DOCUMENT_OPERATION;
	exports.SEMATTRS_FAAS_DOCUMENT_TIME = SEMATTRS_FAAS_DOCUMENT_TIME;
	exports.SEMATTRS_FAAS_EXECUTION = SEMATTRS_FAAS_EXECUTION;
	exports.SEMATTRS_FAAS_INVOKED_NAME = SEMATTRS_FAAS_INVOKED_NAME;
	exports.SEMATTRS_FAAS_INVOKED_PROVIDER = SEMATTRS_FAAS_INVOKED_PROVIDER;
	exports.SEMATTRS_FAAS_INVOKED_REGION = SEMATTRS_FAAS_INVOKED_REGION;
	exports.SEMATTRS_FAAS_TIME = SEMATTRS_FAAS_TIME;
	exports.SEMATTRS_FAAS_TRIGGER = SEMATTRS_FAAS_TRIGGER;
	exports.SEMATTRS_HTTP_CLIENT_IP = SEMATTRS_HTTP_CLIENT_IP;
	exports.SEMATTRS_HTTP_FLAVOR = SEMATTRS_HTTP_FLAVOR;
	exports.SEMATTRS_HTTP_HOST = SEMATTRS_HTTP_HOST;
	exports.SEMATTRS_HTTP_METHOD = SEMATTRS_HTTP_METHOD;
	exports.SEMATTRS_HTTP_REQUEST_CONTENT_LENGTH = SEMATTRS_HTTP_REQUEST_CONTENT_LENGTH;
	exports.SEMATTRS_HTTP_REQUEST_CONTENT_LENGTH_UNCOMPRESSED = SEMATTRS_HTTP_REQUEST_CONTENT_LENGTH_UNCOMPRESSED;
	exports.SEMATTRS_HTTP_RESPONSE_CONTENT_LENGTH = SEMATTRS_HTTP_RESPONSE_CONTENT_LENGTH;
	exports.SEMATTRS_HTTP_RESPONSE_CONTENT_LENGTH_UNCOMPRESSED = SEMATTRS_HTTP_RESPONSE_CONTENT_LENGTH_UNCOMPRESSED;
	exports.SEMATTRS_HTTP_ROUTE = SEMATTRS_HTTP_ROUTE;
	exports.SEMATTRS_HTTP_SCHEME = SEMATTRS_HTTP_SCHEME;
	exports.SEMATTRS_HTTP_SERVER_NAME = SEMATTRS_HTTP_SERVER_NAME;
	exports.SEMATTRS_HTTP_STATUS_CODE = SEMATTRS_HTTP_STATUS_CODE;
	exports.SEMATTRS_HTTP_TARGET = SEMATTRS_HTTP_TARGET;
	exports.SEMATTRS_HTTP_URL = SEMATTRS_HTTP_URL;
	exports.SEMATTRS_HTTP_USER_AGENT = SEMATTRS_HTTP_USER_AGENT;
	exports.SEMATTRS_MESSAGE_COMPRESSED_SIZE = SEMATTRS_MESSAGE_COMPRESSED_SIZE;
	exports.SEMATTRS_MESSAGE_ID = SEMATTRS_MESSAGE_ID;
	exports.SEMATTRS_MESSAGE_TYPE = SEMATTRS_MESSAGE_TYPE;
	exports.SEMATTRS_MESSAGE_UNCOMPRESSED_SIZE = SEMATTRS_MESSAGE_UNCOMPRESSED_SIZE;
	exports.SEMATTRS_MESSAGING_CONSUMER_ID = SEMATTRS_MESSAGING_CONSUMER_ID;
	exports.SEMATTRS_MESSAGING_CONVERSATION_ID = SEMATTRS_MESSAGING_CONVERSATION_ID;
	exports.SEMATTRS_MESSAGING_DESTINATION = SEMATTRS_MESSAGING_DESTINATION;
	exports.SEMATTRS_MESSAGING_DESTINATION_KIND = SEMATTRS_MESSAGING_DESTINATION_KIND;
	exports.SEMATTRS_MESSAGING_KAFKA_CLIENT_ID = SEMATTRS_MESSAGING_KAFKA_CLIENT_ID;
	exports.SEMATTRS_MESSAGING_KAFKA_CONSUMER_GROUP = SEMATTRS_MESSAGING_KAFKA_CONSUMER_GROUP;
	exports.SEMATTRS_MESSAGING_KAFKA_MESSAGE_KEY = SEMATTRS_MESSAGING_KAFKA_MESSAGE_KEY;
	exports.SEMATTRS_MESSAGING_KAFKA_PARTITION = SEMATTRS_MESSAGING_KAFKA_PARTITION;
	exports.SEMATTRS_MESSAGING_KAFKA_TOMBSTONE = SEMATTRS_MESSAGING_KAFKA_TOMBSTONE;
	exports.SEMATTRS_MESSAGING_MESSAGE_ID = SEMATTRS_MESSAGING_MESSAGE_ID;
	exports.SEMATTRS_MESSAGING_MESSAGE_PAYLOAD_COMPRESSED_SIZE_BYTES = SEMATTRS_MESSAGING_MESSAGE_PAYLOAD_COMPRESSED_SIZE_BYTES;
	exports.SEMATTRS_MESSAGING_MESSAGE_PAYLOAD_SIZE_BYTES = SEMATTRS_MESSAGING_MESSAGE_PAYLOAD_SIZE_BYTES;
	exports.SEMATTRS_MESSAGING_OPERATION = SEMATTRS_MESSAGING_OPERATION;
	exports.SEMATTRS_MESSAGING_PROTOCOL = SEMATTRS_MESSAGING_PROTOCOL;
	exports.SEMATTRS_MESSAGING_PROTOCOL_VERSION = SEMATTRS_MESSAGING_PROTOCOL_VERSION;
	exports.SEMATTRS_MESSAGING_RABBITMQ_ROUTING_KEY = SEMATTRS_MESSAGING_RABBITMQ_ROUTING_KEY;
	exports.SEMATTRS_MESSAGING_SYSTEM = SEMATTRS_MESSAGING_SYSTEM;
	exports.SEMATTRS_MESSAGING_TEMP_DESTINATION = SEMATTRS_MESSAGING_TEMP_DESTINATION;
	exports.SEMATTRS_MESSAGING_URL = SEMATTRS_MESSAGING_URL;
	exports.SEMATTRS_NET_HOST_CARRIER_ICC = SEMATTRS_NET_HOST_CARRIER_ICC;
	exports.SEMATTRS_NET_HOST_CARRIER_MCC = SEMATTRS_NET_HOST_CARRIER_MCC;
	exports.SEMATTRS_NET_HOST_CARRIER_MNC = SEMATTRS_NET_HOST_CARRIER_MNC;
	exports.SEMATTRS_NET_HOST_CARRIER_NAME = SEMATTRS_NET_HOST_CARRIER_NAME;
	exports.SEMATTRS_NET_HOST_CONNECTION_SUBTYPE = SEMATTRS_NET_HOST_CONNECTION_SUBTYPE;
	exports.SEMATTRS_NET_HOST_CONNECTION_TYPE = SEMATTRS_NET_HOST_CONNECTION_TYPE;
	exports.SEMATTRS_NET_HOST_IP = SEMATTRS_NET_HOST_IP;
	exports.SEMATTRS_NET_HOST_NAME = SEMATTRS_NET_HOST_NAME;
	exports.SEMATTRS_NET_HOST_PORT = SEMATTRS_NET_HOST_PORT;
	exports.SEMATTRS_NET_PEER_IP = SEMATTRS_NET_PEER_IP;
	exports.SEMATTRS_NET_PEER_NAME = SEMATTRS_NET_PEER_NAME;
	exports.SEMATTRS_NET_PEER_PORT = SEMATTRS_NET_PEER_PORT;
	exports.SEMATTRS_NET_TRANSPORT = SEMATTRS_NET_TRANSPORT;
	exports.SEMATTRS_PEER_SERVICE = SEMATTRS_PEER_SERVICE;
	exports.SEMATTRS_RPC_GRPC_STATUS_CODE = SEMATTRS_RPC_GRPC_STATUS_CODE;
	exports.SEMATTRS_RPC_JSONRPC_ERROR_CODE = SEMATTRS_RPC_JSONRPC_ERROR_CODE;
	exports.SEMATTRS_RPC_JSONRPC_ERROR_MESSAGE = SEMATTRS_RPC_JSONRPC_ERROR_MESSAGE;
	exports.SEMATTRS_RPC_JSONRPC_REQUEST_ID = SEMATTRS_RPC_JSONRPC_REQUEST_ID;
	exports.SEMATTRS_RPC_JSONRPC_VERSION = SEMATTRS_RPC_JSONRPC_VERSION;
	exports.SEMATTRS_RPC_METHOD = SEMATTRS_RPC_METHOD;
	exports.SEMATTRS_RPC_SERVICE = SEMATTRS_RPC_SERVICE;
	exports.SEMATTRS_RPC_SYSTEM = SEMATTRS_RPC_SYSTEM;
	exports.SEMATTRS_THREAD_ID = SEMATTRS_THREAD_ID;
	exports.SEMATTRS_THREAD_NAME = SEMATTRS_THREAD_NAME;
	exports.SemanticAttributes = SemanticAttributes;
}));
// node_modules/@opentelemetry/semantic-conventions/dist/resource/SemanticResourceAttributes.cjs
var require_SemanticResourceAttributes$1 = /* @__PURE__ */ __commonJSMin(((exports) => {
	const require_utils = require_utils$6();
	const TMP_CLOUD_PROVIDER = "cloud.provider";
	const TMP_CLOUD_ACCOUNT_ID = "cloud.account.id";
	const TMP_CLOUD_REGION = "cloud.region";
	const TMP_CLOUD_AVAILABILITY_ZONE = "cloud.availability_zone";
	const TMP_CLOUD_PLATFORM = "cloud.platform";
	const TMP_AWS_ECS_CONTAINER_ARN = "aws.ecs.container.arn";
	const TMP_AWS_ECS_CLUSTER_ARN = "aws.ecs.cluster.arn";
	const TMP_AWS_ECS_LAUNCHTYPE = "aws.ecs.launchtype";
	const TMP_AWS_ECS_TASK_ARN = "aws.ecs.task.arn";
	const TMP_AWS_ECS_TASK_FAMILY = "aws.ecs.task.family";
	const TMP_AWS_ECS_TASK_REVISION = "aws.ecs.task.revision";
	const TMP_AWS_EKS_CLUSTER_ARN = "aws.eks.cluster.arn";
	const TMP_AWS_LOG_GROUP_NAMES = "aws.log.group.names";
	const TMP_AWS_LOG_GROUP_ARNS = "aws.log.group.arns";
	const TMP_AWS_LOG_STREAM_NAMES = "aws.log.stream.names";
	const TMP_AWS_LOG_STREAM_ARNS = "aws.log.stream.arns";
	const TMP_CONTAINER_NAME = "container.name";
	const TMP_CONTAINER_ID = "container.id";
	const TMP_CONTAINER_RUNTIME = "container.runtime";
	const TMP_CONTAINER_IMAGE_NAME = "container.image.name";
	const TMP_CONTAINER_IMAGE_TAG = "container.image.tag";
	const TMP_DEPLOYMENT_ENVIRONMENT = "deployment.environment";
	const TMP_DEVICE_ID = "device.id";
	const TMP_DEVICE_MODEL_IDENTIFIER = "device.model.identifier";
	const TMP_DEVICE_MODEL_NAME = "device.model.name";
	const TMP_FAAS_NAME = "faas.name";
	const TMP_FAAS_ID = "faas.id";
	const TMP_FAAS_VERSION = "faas.version";
	const TMP_FAAS_INSTANCE = "faas.instance";
	const TMP_FAAS_MAX_MEMORY = "faas.max_memory";
	const TMP_HOST_ID = "host.id";
	const TMP_HOST_NAME = "host.name";
	const TMP_HOST_TYPE = "host.type";
	const TMP_HOST_ARCH = "host.arch";
	const TMP_HOST_IMAGE_NAME = "host.image.name";
	const TMP_HOST_IMAGE_ID = "host.image.id";
	const TMP_HOST_IMAGE_VERSION = "host.image.version";
	const TMP_K8S_CLUSTER_NAME = "k8s.cluster.name";
	const TMP_K8S_NODE_NAME = "k8s.node.name";
	const TMP_K8S_NODE_UID = "k8s.node.uid";
	const TMP_K8S_NAMESPACE_NAME = "k8s.namespace.name";
	const TMP_K8S_POD_UID = "k8s.pod.uid";
	const TMP_K8S_POD_NAME = "k8s.pod.name";
	const TMP_K8S_CONTAINER_NAME = "k8s.container.name";
	const TMP_K8S_REPLICASET_UID = "k8s.replicaset.uid";
	const TMP_K8S_REPLICASET_NAME = "k8s.replicaset.name";
	const TMP_K8S_DEPLOYMENT_UID = "k8s.deployment.uid";
	const TMP_K8S_DEPLOYMENT_NAME = "k8s.deployment.name";
	const TMP_K8S_STATEFULSET_UID = "k8s.statefulset.uid";
	const TMP_K8S_STATEFULSET_NAME = "k8s.statefulset.name";
	const TMP_K8S_DAEMONSET_UID = "k8s.daemonset.uid";
	const TMP_K8S_DAEMONSET_NAME = "k8s.daemonset.name";
	const TMP_K8S_JOB_UID = "k8s.job.uid";
	const TMP_K8S_JOB_NAME = "k8s.job.name";
	const TMP_K8S_CRONJOB_UID = "k8s.cronjob.uid";
	const TMP_K8S_CRONJOB_NAME = "k8s.cronjob.name";
	const TMP_OS_TYPE = "os.type";
	const TMP_OS_DESCRIPTION = "os.description";
	const TMP_OS_NAME = "os.name";
	const TMP_OS_VERSION = "os.version";
	const TMP_PROCESS_PID = "process.pid";
	const TMP_PROCESS_EXECUTABLE_NAME = "process.executable.name";
	const TMP_PROCESS_EXECUTABLE_PATH = "process.executable.path";
	const TMP_PROCESS_COMMAND = "process.command";
	const TMP_PROCESS_COMMAND_LINE = "process.command_line";
	const TMP_PROCESS_COMMAND_ARGS = "process.command_args";
	const TMP_PROCESS_OWNER = "process.owner";
	const TMP_PROCESS_RUNTIME_NAME = "process.runtime.name";
	const TMP_PROCESS_RUNTIME_VERSION = "process.runtime.version";
	const TMP_PROCESS_RUNTIME_DESCRIPTION = "process.runtime.description";
	const TMP_SERVICE_NAME = "service.name";
	const TMP_SERVICE_NAMESPACE = "service.namespace";
	const TMP_SERVICE_INSTANCE_ID = "service.instance.id";
	const TMP_SERVICE_VERSION = "service.version";
	const TMP_TELEMETRY_SDK_NAME = "telemetry.sdk.name";
	const TMP_TELEMETRY_SDK_LANGUAGE = "telemetry.sdk.language";
	const TMP_TELEMETRY_SDK_VERSION = "telemetry.sdk.version";
	const TMP_TELEMETRY_AUTO_VERSION = "telemetry.auto.version";
	const TMP_WEBENGINE_NAME = "webengine.name";
	const TMP_WEBENGINE_VERSION = "webengine.version";
	const TMP_WEBENGINE_DESCRIPTION = "webengine.description";
	/**
	* Name of the cloud provider.
	*
	* @deprecated Use ATTR_CLOUD_PROVIDER in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_CLOUD_PROVIDER = TMP_CLOUD_PROVIDER;
	/**
	* The cloud account ID the resource is assigned to.
	*
	* @deprecated Use ATTR_CLOUD_ACCOUNT_ID in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_CLOUD_ACCOUNT_ID = TMP_CLOUD_ACCOUNT_ID;
	/**
	* The geographical region the resource is running. Refer to your provider&#39;s docs to see the available regions, for example [Alibaba Cloud regions](https://www.alibabacloud.com/help/doc-detail/40654.htm), [AWS regions](https://aws.amazon.com/about-aws/global-infrastructure/regions_az/), [Azure regions](https://azure.microsoft.com/en-us/global-infrastructure/geographies/), or [Google Cloud regions](https://cloud.google.com/about/locations).
	*
	* @deprecated Use ATTR_CLOUD_REGION in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_CLOUD_REGION = TMP_CLOUD_REGION;
	/**
	* Cloud regions often have multiple, isolated locations known as zones to increase availability. Availability zone represents the zone where the resource is running.
	*
	* Note: Availability zones are called &#34;zones&#34; on Alibaba Cloud and Google Cloud.
	*
	* @deprecated Use ATTR_CLOUD_AVAILABILITY_ZONE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_CLOUD_AVAILABILITY_ZONE = TMP_CLOUD_AVAILABILITY_ZONE;
	/**
	* The cloud platform in use.
	*
	* Note: The prefix of the service SHOULD match the one specified in `cloud.provider`.
	*
	* @deprecated Use ATTR_CLOUD_PLATFORM in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_CLOUD_PLATFORM = TMP_CLOUD_PLATFORM;
	/**
	* The Amazon Resource Name (ARN) of an [ECS container instance](https://docs.aws.amazon.com/AmazonECS/latest/developerguide/ECS_instances.html).
	*
	* @deprecated Use ATTR_AWS_ECS_CONTAINER_ARN in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_AWS_ECS_CONTAINER_ARN = TMP_AWS_ECS_CONTAINER_ARN;
	/**
	* The ARN of an [ECS cluster](https://docs.aws.amazon.com/AmazonECS/latest/developerguide/clusters.html).
	*
	* @deprecated Use ATTR_AWS_ECS_CLUSTER_ARN in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_AWS_ECS_CLUSTER_ARN = TMP_AWS_ECS_CLUSTER_ARN;
	/**
	* The [launch type](https://docs.aws.amazon.com/AmazonECS/latest/developerguide/launch_types.html) for an ECS task.
	*
	* @deprecated Use ATTR_AWS_ECS_LAUNCHTYPE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_AWS_ECS_LAUNCHTYPE = TMP_AWS_ECS_LAUNCHTYPE;
	/**
	* The ARN of an [ECS task definition](https://docs.aws.amazon.com/AmazonECS/latest/developerguide/task_definitions.html).
	*
	* @deprecated Use ATTR_AWS_ECS_TASK_ARN in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_AWS_ECS_TASK_ARN = TMP_AWS_ECS_TASK_ARN;
	/**
	* The task definition family this task definition is a member of.
	*
	* @deprecated Use ATTR_AWS_ECS_TASK_FAMILY in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_AWS_ECS_TASK_FAMILY = TMP_AWS_ECS_TASK_FAMILY;
	/**
	* The revision for this task definition.
	*
	* @deprecated Use ATTR_AWS_ECS_TASK_REVISION in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_AWS_ECS_TASK_REVISION = TMP_AWS_ECS_TASK_REVISION;
	/**
	* The ARN of an EKS cluster.
	*
	* @deprecated Use ATTR_AWS_EKS_CLUSTER_ARN in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_AWS_EKS_CLUSTER_ARN = TMP_AWS_EKS_CLUSTER_ARN;
	/**
	* The name(s) of the AWS log group(s) an application is writing to.
	*
	* Note: Multiple log groups must be supported for cases like multi-container applications, where a single application has sidecar containers, and each write to their own log group.
	*
	* @deprecated Use ATTR_AWS_LOG_GROUP_NAMES in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_AWS_LOG_GROUP_NAMES = TMP_AWS_LOG_GROUP_NAMES;
	/**
	* The Amazon Resource Name(s) (ARN) of the AWS log group(s).
	*
	* Note: See the [log group ARN format documentation](https://docs.aws.amazon.com/AmazonCloudWatch/latest/logs/iam-access-control-overview-cwl.html#CWL_ARN_Format).
	*
	* @deprecated Use ATTR_AWS_LOG_GROUP_ARNS in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_AWS_LOG_GROUP_ARNS = TMP_AWS_LOG_GROUP_ARNS;
	/**
	* The name(s) of the AWS log stream(s) an application is writing to.
	*
	* @deprecated Use ATTR_AWS_LOG_STREAM_NAMES in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_AWS_LOG_STREAM_NAMES = TMP_AWS_LOG_STREAM_NAMES;
	/**
	* The ARN(s) of the AWS log stream(s).
	*
	* Note: See the [log stream ARN format documentation](https://docs.aws.amazon.com/AmazonCloudWatch/latest/logs/iam-access-control-overview-cwl.html#CWL_ARN_Format). One log group can contain several log streams, so these ARNs necessarily identify both a log group and a log stream.
	*
	* @deprecated Use ATTR_AWS_LOG_STREAM_ARNS in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_AWS_LOG_STREAM_ARNS = TMP_AWS_LOG_STREAM_ARNS;
	/**
	* Container name.
	*
	* @deprecated Use ATTR_CONTAINER_NAME in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_CONTAINER_NAME = TMP_CONTAINER_NAME;
	/**
	* Container ID. Usually a UUID, as for example used to [identify Docker containers](https://docs.docker.com/engine/reference/run/#container-identification). The UUID might be abbreviated.
	*
	* @deprecated Use ATTR_CONTAINER_ID in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_CONTAINER_ID = TMP_CONTAINER_ID;
	/**
	* The container runtime managing this container.
	*
	* @deprecated Use ATTR_CONTAINER_RUNTIME in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_CONTAINER_RUNTIME = TMP_CONTAINER_RUNTIME;
	/**
	* Name of the image the container was built on.
	*
	* @deprecated Use ATTR_CONTAINER_IMAGE_NAME in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_CONTAINER_IMAGE_NAME = TMP_CONTAINER_IMAGE_NAME;
	/**
	* Container image tag.
	*
	* @deprecated Use ATTR_CONTAINER_IMAGE_TAGS in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_CONTAINER_IMAGE_TAG = TMP_CONTAINER_IMAGE_TAG;
	/**
	* Name of the [deployment environment](https://en.wikipedia.org/wiki/Deployment_environment) (aka deployment tier).
	*
	* @deprecated Use ATTR_DEPLOYMENT_ENVIRONMENT in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_DEPLOYMENT_ENVIRONMENT = TMP_DEPLOYMENT_ENVIRONMENT;
	/**
	* A unique identifier representing the device.
	*
	* Note: The device identifier MUST only be defined using the values outlined below. This value is not an advertising identifier and MUST NOT be used as such. On iOS (Swift or Objective-C), this value MUST be equal to the [vendor identifier](https://developer.apple.com/documentation/uikit/uidevice/1620059-identifierforvendor). On Android (Java or Kotlin), this value MUST be equal to the Firebase Installation ID or a globally unique UUID which is persisted across sessions in your application. More information can be found [here](https://developer.android.com/training/articles/user-data-ids) on best practices and exact implementation details. Caution should be taken when storing personal data or anything which can identify a user. GDPR and data protection laws may apply, ensure you do your own due diligence.
	*
	* @deprecated Use ATTR_DEVICE_ID in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_DEVICE_ID = TMP_DEVICE_ID;
	/**
	* The model identifier for the device.
	*
	* Note: It&#39;s recommended this value represents a machine readable version of the model identifier rather than the market or consumer-friendly name of the device.
	*
	* @deprecated Use ATTR_DEVICE_MODEL_IDENTIFIER in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_DEVICE_MODEL_IDENTIFIER = TMP_DEVICE_MODEL_IDENTIFIER;
	/**
	* The marketing name for the device model.
	*
	* Note: It&#39;s recommended this value represents a human readable version of the device model rather than a machine readable alternative.
	*
	* @deprecated Use ATTR_DEVICE_MODEL_NAME in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_DEVICE_MODEL_NAME = TMP_DEVICE_MODEL_NAME;
	/**
	* The name of the single function that this runtime instance executes.
	*
	* Note: This is the name of the function as configured/deployed on the FaaS platform and is usually different from the name of the callback function (which may be stored in the [`code.namespace`/`code.function`](../../trace/semantic_conventions/span-general.md#source-code-attributes) span attributes).
	*
	* @deprecated Use ATTR_FAAS_NAME in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_FAAS_NAME = TMP_FAAS_NAME;
	/**
	* The unique ID of the single function that this runtime instance executes.
	*
	* Note: Depending on the cloud provider, use:
	
	* **AWS Lambda:** The function [ARN](https://docs.aws.amazon.com/general/latest/gr/aws-arns-and-namespaces.html).
	Take care not to use the &#34;invoked ARN&#34; directly but replace any
	[alias suffix](https://docs.aws.amazon.com/lambda/latest/dg/configuration-aliases.html) with the resolved function version, as the same runtime instance may be invokable with multiple
	different aliases.
	* **GCP:** The [URI of the resource](https://cloud.google.com/iam/docs/full-resource-names)
	* **Azure:** The [Fully Qualified Resource ID](https://docs.microsoft.com/en-us/rest/api/resources/resources/get-by-id).
	
	On some providers, it may not be possible to determine the full ID at startup,
	which is why this field cannot be made required. For example, on AWS the account ID
	part of the ARN is not available without calling another AWS API
	which may be deemed too slow for a short-running lambda function.
	As an alternative, consider setting `faas.id` as a span attribute instead.
	*
	* @deprecated Use ATTR_CLOUD_RESOURCE_ID in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_FAAS_ID = TMP_FAAS_ID;
	/**
	* The immutable version of the function being executed.
	*
	* Note: Depending on the cloud provider and platform, use:
	
	* **AWS Lambda:** The [function version](https://docs.aws.amazon.com/lambda/latest/dg/configuration-versions.html)
	(an integer represented as a decimal string).
	* **Google Cloud Run:** The [revision](https://cloud.google.com/run/docs/managing/revisions)
	(i.e., the function name plus the revision suffix).
	* **Google Cloud Functions:** The value of the
	[`K_REVISION` environment variable](https://cloud.google.com/functions/docs/env-var#runtime_environment_variables_set_automatically).
	* **Azure Functions:** Not applicable. Do not set this attribute.
	*
	* @deprecated Use ATTR_FAAS_VERSION in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_FAAS_VERSION = TMP_FAAS_VERSION;
	/**
	* The execution environment ID as a string, that will be potentially reused for other invocations to the same function/function version.
	*
	* Note: * **AWS Lambda:** Use the (full) log stream name.
	*
	* @deprecated Use ATTR_FAAS_INSTANCE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_FAAS_INSTANCE = TMP_FAAS_INSTANCE;
	/**
	* The amount of memory available to the serverless function in MiB.
	*
	* Note: It&#39;s recommended to set this attribute since e.g. too little memory can easily stop a Java AWS Lambda function from working correctly. On AWS Lambda, the environment variable `AWS_LAMBDA_FUNCTION_MEMORY_SIZE` provides this information.
	*
	* @deprecated Use ATTR_FAAS_MAX_MEMORY in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_FAAS_MAX_MEMORY = TMP_FAAS_MAX_MEMORY;
	/**
	* Unique host ID. For Cloud, this must be the instance_id assigned by the cloud provider.
	*
	* @deprecated Use ATTR_HOST_ID in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_HOST_ID = TMP_HOST_ID;
	/**
	* Name of the host. On Unix systems, it may contain what the hostname command returns, or the fully qualified hostname, or another name specified by the user.
	*
	* @deprecated Use ATTR_HOST_NAME in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_HOST_NAME = TMP_HOST_NAME;
	/**
	* Type of host. For Cloud, this must be the machine type.
	*
	* @deprecated Use ATTR_HOST_TYPE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_HOST_TYPE = TMP_HOST_TYPE;
	/**
	* The CPU architecture the host system is running on.
	*
	* @deprecated Use ATTR_HOST_ARCH in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_HOST_ARCH = TMP_HOST_ARCH;
	/**
	* Name of the VM image or OS install the host was instantiated from.
	*
	* @deprecated Use ATTR_HOST_IMAGE_NAME in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_HOST_IMAGE_NAME = TMP_HOST_IMAGE_NAME;
	/**
	* VM image ID. For Cloud, this value is from the provider.
	*
	* @deprecated Use ATTR_HOST_IMAGE_ID in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_HOST_IMAGE_ID = TMP_HOST_IMAGE_ID;
	/**
	* The version string of the VM image as defined in [Version Attributes](README.md#version-attributes).
	*
	* @deprecated Use ATTR_HOST_IMAGE_VERSION in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_HOST_IMAGE_VERSION = TMP_HOST_IMAGE_VERSION;
	/**
	* The name of the cluster.
	*
	* @deprecated Use ATTR_K8S_CLUSTER_NAME in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_K8S_CLUSTER_NAME = TMP_K8S_CLUSTER_NAME;
	/**
	* The name of the Node.
	*
	* @deprecated Use ATTR_K8S_NODE_NAME in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_K8S_NODE_NAME = TMP_K8S_NODE_NAME;
	/**
	* The UID of the Node.
	*
	* @deprecated Use ATTR_K8S_NODE_UID in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_K8S_NODE_UID = TMP_K8S_NODE_UID;
	/**
	* The name of the namespace that the pod is running in.
	*
	* @deprecated Use ATTR_K8S_NAMESPACE_NAME in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_K8S_NAMESPACE_NAME = TMP_K8S_NAMESPACE_NAME;
	/**
	* The UID of the Pod.
	*
	* @deprecated Use ATTR_K8S_POD_UID in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_K8S_POD_UID = TMP_K8S_POD_UID;
	/**
	* The name of the Pod.
	*
	* @deprecated Use ATTR_K8S_POD_NAME in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_K8S_POD_NAME = TMP_K8S_POD_NAME;
	/**
	* The name of the Container in a Pod template.
	*
	* @deprecated Use ATTR_K8S_CONTAINER_NAME in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_K8S_CONTAINER_NAME = TMP_K8S_CONTAINER_NAME;
	/**
	* The UID of the ReplicaSet.
	*
	* @deprecated Use ATTR_K8S_REPLICASET_UID in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_K8S_REPLICASET_UID = TMP_K8S_REPLICASET_UID;
	/**
	* The name of the ReplicaSet.
	*
	* @deprecated Use ATTR_K8S_REPLICASET_NAME in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_K8S_REPLICASET_NAME = TMP_K8S_REPLICASET_NAME;
	/**
	* The UID of the Deployment.
	*
	* @deprecated Use ATTR_K8S_DEPLOYMENT_UID in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_K8S_DEPLOYMENT_UID = TMP_K8S_DEPLOYMENT_UID;
	/**
	* The name of the Deployment.
	*
	* @deprecated Use ATTR_K8S_DEPLOYMENT_NAME in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_K8S_DEPLOYMENT_NAME = TMP_K8S_DEPLOYMENT_NAME;
	/**
	* The UID of the StatefulSet.
	*
	* @deprecated Use ATTR_K8S_STATEFULSET_UID in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_K8S_STATEFULSET_UID = TMP_K8S_STATEFULSET_UID;
	/**
	* The name of the StatefulSet.
	*
	* @deprecated Use ATTR_K8S_STATEFULSET_NAME in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_K8S_STATEFULSET_NAME = TMP_K8S_STATEFULSET_NAME;
	/**
	* The UID of the DaemonSet.
	*
	* @deprecated Use ATTR_K8S_DAEMONSET_UID in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_K8S_DAEMONSET_UID = TMP_K8S_DAEMONSET_UID;
	/**
	* The name of the DaemonSet.
	*
	* @deprecated Use ATTR_K8S_DAEMONSET_NAME in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_K8S_DAEMONSET_NAME = TMP_K8S_DAEMONSET_NAME;
	/**
	* The UID of the Job.
	*
	* @deprecated Use ATTR_K8S_JOB_UID in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_K8S_JOB_UID = TMP_K8S_JOB_UID;
	/**
	* The name of the Job.
	*
	* @deprecated Use ATTR_K8S_JOB_NAME in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_K8S_JOB_NAME = TMP_K8S_JOB_NAME;
	/**
	* The UID of the CronJob.
	*
	* @deprecated Use ATTR_K8S_CRONJOB_UID in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_K8S_CRONJOB_UID = TMP_K8S_CRONJOB_UID;
	/**
	* The name of the CronJob.
	*
	* @deprecated Use ATTR_K8S_CRONJOB_NAME in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_K8S_CRONJOB_NAME = TMP_K8S_CRONJOB_NAME;
	/**
	* The operating system type.
	*
	* @deprecated Use ATTR_OS_TYPE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_OS_TYPE = TMP_OS_TYPE;
	/**
	* Human readable (not intended to be parsed) OS version information, like e.g. reported by `ver` or `lsb_release -a` commands.
	*
	* @deprecated Use ATTR_OS_DESCRIPTION in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_OS_DESCRIPTION = TMP_OS_DESCRIPTION;
	/**
	* Human readable operating system name.
	*
	* @deprecated Use ATTR_OS_NAME in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_OS_NAME = TMP_OS_NAME;
	/**
	* The version string of the operating system as defined in [Version Attributes](../../resource/semantic_conventions/README.md#version-attributes).
	*
	* @deprecated Use ATTR_OS_VERSION in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_OS_VERSION = TMP_OS_VERSION;
	/**
	* Process identifier (PID).
	*
	* @deprecated Use ATTR_PROCESS_PID in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_PROCESS_PID = TMP_PROCESS_PID;
	/**
	* The name of the process executable. On Linux based systems, can be set to the `Name` in `proc/[pid]/status`. On Windows, can be set to the base name of `GetProcessImageFileNameW`.
	*
	* @deprecated Use ATTR_PROCESS_EXECUTABLE_NAME in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_PROCESS_EXECUTABLE_NAME = TMP_PROCESS_EXECUTABLE_NAME;
	/**
	* The full path to the process executable. On Linux based systems, can be set to the target of `proc/[pid]/exe`. On Windows, can be set to the result of `GetProcessImageFileNameW`.
	*
	* @deprecated Use ATTR_PROCESS_EXECUTABLE_PATH in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_PROCESS_EXECUTABLE_PATH = TMP_PROCESS_EXECUTABLE_PATH;
	/**
	* The command used to launch the process (i.e. the command name). On Linux based systems, can be set to the zeroth string in `proc/[pid]/cmdline`. On Windows, can be set to the first parameter extracted from `GetCommandLineW`.
	*
	* @deprecated Use ATTR_PROCESS_COMMAND in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_PROCESS_COMMAND = TMP_PROCESS_COMMAND;
	/**
	* The full command used to launch the process as a single string representing the full command. On Windows, can be set to the result of `GetCommandLineW`. Do not set this if you have to assemble it just for monitoring; use `process.command_args` instead.
	*
	* @deprecated Use ATTR_PROCESS_COMMAND_LINE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_PROCESS_COMMAND_LINE = TMP_PROCESS_COMMAND_LINE;
	/**
	* All the command arguments (including the command/executable itself) as received by the process. On Linux-based systems (and some other Unixoid systems supporting procfs), can be set according to the list of null-delimited strings extracted from `proc/[pid]/cmdline`. For libc-based executables, this would be the full argv vector passed to `main`.
	*
	* @deprecated Use ATTR_PROCESS_COMMAND_ARGS in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_PROCESS_COMMAND_ARGS = TMP_PROCESS_COMMAND_ARGS;
	/**
	* The username of the user that owns the process.
	*
	* @deprecated Use ATTR_PROCESS_OWNER in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_PROCESS_OWNER = TMP_PROCESS_OWNER;
	/**
	* The name of the runtime of this process. For compiled native binaries, this SHOULD be the name of the compiler.
	*
	* @deprecated Use ATTR_PROCESS_RUNTIME_NAME in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_PROCESS_RUNTIME_NAME = TMP_PROCESS_RUNTIME_NAME;
	/**
	* The version of the runtime of this process, as returned by the runtime without modification.
	*
	* @deprecated Use ATTR_PROCESS_RUNTIME_VERSION in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_PROCESS_RUNTIME_VERSION = TMP_PROCESS_RUNTIME_VERSION;
	/**
	* An additional description about the runtime of the process, for example a specific vendor customization of the runtime environment.
	*
	* @deprecated Use ATTR_PROCESS_RUNTIME_DESCRIPTION in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_PROCESS_RUNTIME_DESCRIPTION = TMP_PROCESS_RUNTIME_DESCRIPTION;
	/**
	* Logical name of the service.
	*
	* Note: MUST be the same for all instances of horizontally scaled services. If the value was not specified, SDKs MUST fallback to `unknown_service:` concatenated with [`process.executable.name`](process.md#process), e.g. `unknown_service:bash`. If `process.executable.name` is not available, the value MUST be set to `unknown_service`.
	*
	* @deprecated Use ATTR_SERVICE_NAME.
	*/
	const SEMRESATTRS_SERVICE_NAME = TMP_SERVICE_NAME;
	/**
	* A namespace for `service.name`.
	*
	* Note: A string value having a meaning that helps to distinguish a group of services, for example the team name that owns a group of services. `service.name` is expected to be unique within the same namespace. If `service.namespace` is not specified in the Resource then `service.name` is expected to be unique for all services that have no explicit namespace defined (so the empty/unspecified namespace is simply one more valid namespace). Zero-length namespace string is assumed equal to unspecified namespace.
	*
	* @deprecated Use ATTR_SERVICE_NAMESPACE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_SERVICE_NAMESPACE = TMP_SERVICE_NAMESPACE;
	/**
	* The string ID of the service instance.
	*
	* Note: MUST be unique for each instance of the same `service.namespace,service.name` pair (in other words `service.namespace,service.name,service.instance.id` triplet MUST be globally unique). The ID helps to distinguish instances of the same service that exist at the same time (e.g. instances of a horizontally scaled service). It is preferable for the ID to be persistent and stay the same for the lifetime of the service instance, however it is acceptable that the ID is ephemeral and changes during important lifetime events for the service (e.g. service restarts). If the service has no inherent unique ID that can be used as the value of this attribute it is recommended to generate a random Version 1 or Version 4 RFC 4122 UUID (services aiming for reproducible UUIDs may also use Version 5, see RFC 4122 for more recommendations).
	*
	* @deprecated Use ATTR_SERVICE_INSTANCE_ID in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_SERVICE_INSTANCE_ID = TMP_SERVICE_INSTANCE_ID;
	/**
	* The version string of the service API or implementation.
	*
	* @deprecated Use ATTR_SERVICE_VERSION.
	*/
	const SEMRESATTRS_SERVICE_VERSION = TMP_SERVICE_VERSION;
	/**
	* The name of the telemetry SDK as defined above.
	*
	* @deprecated Use ATTR_TELEMETRY_SDK_NAME.
	*/
	const SEMRESATTRS_TELEMETRY_SDK_NAME = TMP_TELEMETRY_SDK_NAME;
	/**
	* The language of the telemetry SDK.
	*
	* @deprecated Use ATTR_TELEMETRY_SDK_LANGUAGE.
	*/
	const SEMRESATTRS_TELEMETRY_SDK_LANGUAGE = TMP_TELEMETRY_SDK_LANGUAGE;
	/**
	* The version string of the telemetry SDK.
	*
	* @deprecated Use ATTR_TELEMETRY_SDK_VERSION.
	*/
	const SEMRESATTRS_TELEMETRY_SDK_VERSION = TMP_TELEMETRY_SDK_VERSION;
	/**
	* The version string of the auto instrumentation agent, if used.
	*
	* @deprecated Use ATTR_TELEMETRY_DISTRO_VERSION in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_TELEMETRY_AUTO_VERSION = TMP_TELEMETRY_AUTO_VERSION;
	/**
	* The name of the web engine.
	*
	* @deprecated Use ATTR_WEBENGINE_NAME in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_WEBENGINE_NAME = TMP_WEBENGINE_NAME;
	/**
	* The version of the web engine.
	*
	* @deprecated Use ATTR_WEBENGINE_VERSION in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_WEBENGINE_VERSION = TMP_WEBENGINE_VERSION;
	/**
	* Additional description of the web engine (e.g. detailed version and edition information).
	*
	* @deprecated Use ATTR_WEBENGINE_DESCRIPTION in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const SEMRESATTRS_WEBENGINE_DESCRIPTION = TMP_WEBENGINE_DESCRIPTION;
	/**
	* Create exported Value Map for SemanticResourceAttributes values
	* @deprecated Use the SEMRESATTRS_XXXXX constants rather than the SemanticResourceAttributes.XXXXX for bundle minification
	*/
	const SemanticResourceAttributes = /*#__PURE__*/ require_utils.createConstMap([
		TMP_CLOUD_PROVIDER,
		TMP_CLOUD_ACCOUNT_ID,
		TMP_CLOUD_REGION,
		TMP_CLOUD_AVAILABILITY_ZONE,
		TMP_CLOUD_PLATFORM,
		TMP_AWS_ECS_CONTAINER_ARN,
		TMP_AWS_ECS_CLUSTER_ARN,
		TMP_AWS_ECS_LAUNCHTYPE,
		TMP_AWS_ECS_TASK_ARN,
		TMP_AWS_ECS_TASK_FAMILY,
		TMP_AWS_ECS_TASK_REVISION,
		TMP_AWS_EKS_CLUSTER_ARN,
		TMP_AWS_LOG_GROUP_NAMES,
		TMP_AWS_LOG_GROUP_ARNS,
		TMP_AWS_LOG_STREAM_NAMES,
		TMP_AWS_LOG_STREAM_ARNS,
		TMP_CONTAINER_NAME,
		TMP_CONTAINER_ID,
		TMP_CONTAINER_RUNTIME,
		TMP_CONTAINER_IMAGE_NAME,
		TMP_CONTAINER_IMAGE_TAG,
		TMP_DEPLOYMENT_ENVIRONMENT,
		TMP_DEVICE_ID,
		TMP_DEVICE_MODEL_IDENTIFIER,
		TMP_DEVICE_MODEL_NAME,
		TMP_FAAS_NAME,
		TMP_FAAS_ID,
		TMP_FAAS_VERSION,
		TMP_FAAS_INSTANCE,
		TMP_FAAS_MAX_MEMORY,
		TMP_HOST_ID,
		TMP_HOST_NAME,
		TMP_HOST_TYPE,
		TMP_HOST_ARCH,
		TMP_HOST_IMAGE_NAME,
		TMP_HOST_IMAGE_ID,
		TMP_HOST_IMAGE_VERSION,
		TMP_K8S_CLUSTER_NAME,
		TMP_K8S_NODE_NAME,
		TMP_K8S_NODE_UID,
		TMP_K8S_NAMESPACE_NAME,
		TMP_K8S_POD_UID,
		TMP_K8S_POD_NAME,
		TMP_K8S_CONTAINER_NAME,
		TMP_K8S_REPLICASET_UID,
		TMP_K8S_REPLICASET_NAME,
		TMP_K8S_DEPLOYMENT_UID,
		TMP_K8S_DEPLOYMENT_NAME,
		TMP_K8S_STATEFULSET_UID,
		TMP_K8S_STATEFULSET_NAME,
		TMP_K8S_DAEMONSET_UID,
		TMP_K8S_DAEMONSET_NAME,
		TMP_K8S_JOB_UID,
		TMP_K8S_JOB_NAME,
		TMP_K8S_CRONJOB_UID,
		TMP_K8S_CRONJOB_NAME,
		TMP_OS_TYPE,
		TMP_OS_DESCRIPTION,
		TMP_OS_NAME,
		TMP_OS_VERSION,
		TMP_PROCESS_PID,
		TMP_PROCESS_EXECUTABLE_NAME,
		TMP_PROCESS_EXECUTABLE_PATH,
		TMP_PROCESS_COMMAND,
		TMP_PROCESS_COMMAND_LINE,
		TMP_PROCESS_COMMAND_ARGS,
		TMP_PROCESS_OWNER,
		TMP_PROCESS_RUNTIME_NAME,
		TMP_PROCESS_RUNTIME_VERSION,
		TMP_PROCESS_RUNTIME_DESCRIPTION,
		TMP_SERVICE_NAME,
		TMP_SERVICE_NAMESPACE,
		TMP_SERVICE_INSTANCE_ID,
		TMP_SERVICE_VERSION,
		TMP_TELEMETRY_SDK_NAME,
		TMP_TELEMETRY_SDK_LANGUAGE,
		TMP_TELEMETRY_SDK_VERSION,
		TMP_TELEMETRY_AUTO_VERSION,
		TMP_WEBENGINE_NAME,
		TMP_WEBENGINE_VERSION,
		TMP_WEBENGINE_DESCRIPTION
	]);
	const TMP_CLOUDPROVIDERVALUES_ALIBABA_CLOUD = "alibaba_cloud";
	const TMP_CLOUDPROVIDERVALUES_AWS = "aws";
	const TMP_CLOUDPROVIDERVALUES_AZURE = "azure";
	const TMP_CLOUDPROVIDERVALUES_GCP = "gcp";
	/**
	* Name of the cloud provider.
	*
	* @deprecated Use CLOUD_PROVIDER_VALUE_ALIBABA_CLOUD in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const CLOUDPROVIDERVALUES_ALIBABA_CLOUD = TMP_CLOUDPROVIDERVALUES_ALIBABA_CLOUD;
	/**
	* Name of the cloud provider.
	*
	* @deprecated Use CLOUD_PROVIDER_VALUE_AWS in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const CLOUDPROVIDERVALUES_AWS = TMP_CLOUDPROVIDERVALUES_AWS;
	/**
	* Name of the cloud provider.
	*
	* @deprecated Use CLOUD_PROVIDER_VALUE_AZURE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const CLOUDPROVIDERVALUES_AZURE = TMP_CLOUDPROVIDERVALUES_AZURE;
	/**
	* Name of the cloud provider.
	*
	* @deprecated Use CLOUD_PROVIDER_VALUE_GCP in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const CLOUDPROVIDERVALUES_GCP = TMP_CLOUDPROVIDERVALUES_GCP;
	/**
	* The constant map of values for CloudProviderValues.
	* @deprecated Use the CLOUDPROVIDERVALUES_XXXXX constants rather than the CloudProviderValues.XXXXX for bundle minification.
	*/
	const CloudProviderValues = /*#__PURE__*/ require_utils.createConstMap([
		TMP_CLOUDPROVIDERVALUES_ALIBABA_CLOUD,
		TMP_CLOUDPROVIDERVALUES_AWS,
		TMP_CLOUDPROVIDERVALUES_AZURE,
		TMP_CLOUDPROVIDERVALUES_GCP
	]);
	const TMP_CLOUDPLATFORMVALUES_ALIBABA_CLOUD_ECS = "alibaba_cloud_ecs";
	const TMP_CLOUDPLATFORMVALUES_ALIBABA_CLOUD_FC = "alibaba_cloud_fc";
	const TMP_CLOUDPLATFORMVALUES_AWS_EC2 = "aws_ec2";
	const TMP_CLOUDPLATFORMVALUES_AWS_ECS = "aws_ecs";
	const TMP_CLOUDPLATFORMVALUES_AWS_EKS = "aws_eks";
	const TMP_CLOUDPLATFORMVALUES_AWS_LAMBDA = "aws_lambda";
	const TMP_CLOUDPLATFORMVALUES_AWS_ELASTIC_BEANSTALK = "aws_elastic_beanstalk";
	const TMP_CLOUDPLATFORMVALUES_AZURE_VM = "azure_vm";
	const TMP_CLOUDPLATFORMVALUES_AZURE_CONTAINER_INSTANCES = "azure_container_instances";
	const TMP_CLOUDPLATFORMVALUES_AZURE_AKS = "azure_aks";
	const TMP_CLOUDPLATFORMVALUES_AZURE_FUNCTIONS = "azure_functions";
	const TMP_CLOUDPLATFORMVALUES_AZURE_APP_SERVICE = "azure_app_service";
	const TMP_CLOUDPLATFORMVALUES_GCP_COMPUTE_ENGINE = "gcp_compute_engine";
	const TMP_CLOUDPLATFORMVALUES_GCP_CLOUD_RUN = "gcp_cloud_run";
	const TMP_CLOUDPLATFORMVALUES_GCP_KUBERNETES_ENGINE = "gcp_kubernetes_engine";
	const TMP_CLOUDPLATFORMVALUES_GCP_CLOUD_FUNCTIONS = "gcp_cloud_functions";
	const TMP_CLOUDPLATFORMVALUES_GCP_APP_ENGINE = "gcp_app_engine";
	/**
	* The cloud platform in use.
	*
	* Note: The prefix of the service SHOULD match the one specified in `cloud.provider`.
	*
	* @deprecated Use CLOUD_PLATFORM_VALUE_ALIBABA_CLOUD_ECS in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const CLOUDPLATFORMVALUES_ALIBABA_CLOUD_ECS = TMP_CLOUDPLATFORMVALUES_ALIBABA_CLOUD_ECS;
	/**
	* The cloud platform in use.
	*
	* Note: The prefix of the service SHOULD match the one specified in `cloud.provider`.
	*
	* @deprecated Use CLOUD_PLATFORM_VALUE_ALIBABA_CLOUD_FC in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const CLOUDPLATFORMVALUES_ALIBABA_CLOUD_FC = TMP_CLOUDPLATFORMVALUES_ALIBABA_CLOUD_FC;
	/**
	* The cloud platform in use.
	*
	* Note: The prefix of the service SHOULD match the one specified in `cloud.provider`.
	*
	* @deprecated Use CLOUD_PLATFORM_VALUE_AWS_EC2 in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const CLOUDPLATFORMVALUES_AWS_EC2 = TMP_CLOUDPLATFORMVALUES_AWS_EC2;
	/**
	* The cloud platform in use.
	*
	* Note: The prefix of the service SHOULD match the one specified in `cloud.provider`.
	*
	* @deprecated Use CLOUD_PLATFORM_VALUE_AWS_ECS in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const CLOUDPLATFORMVALUES_AWS_ECS = TMP_CLOUDPLATFORMVALUES_AWS_ECS;
	/**
	* The cloud platform in use.
	*
	* Note: The prefix of the service SHOULD match the one specified in `cloud.provider`.
	*
	* @deprecated Use CLOUD_PLATFORM_VALUE_AWS_EKS in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const CLOUDPLATFORMVALUES_AWS_EKS = TMP_CLOUDPLATFORMVALUES_AWS_EKS;
	/**
	* The cloud platform in use.
	*
	* Note: The prefix of the service SHOULD match the one specified in `cloud.provider`.
	*
	* @deprecated Use CLOUD_PLATFORM_VALUE_AWS_LAMBDA in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const CLOUDPLATFORMVALUES_AWS_LAMBDA = TMP_CLOUDPLATFORMVALUES_AWS_LAMBDA;
	/**
	* The cloud platform in use.
	*
	* Note: The prefix of the service SHOULD match the one specified in `cloud.provider`.
	*
	* @deprecated Use CLOUD_PLATFORM_VALUE_AWS_ELASTIC_BEANSTALK in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const CLOUDPLATFORMVALUES_AWS_ELASTIC_BEANSTALK = TMP_CLOUDPLATFORMVALUES_AWS_ELASTIC_BEANSTALK;
	/**
	* The cloud platform in use.
	*
	* Note: The prefix of the service SHOULD match the one specified in `cloud.provider`.
	*
	* @deprecated Use CLOUD_PLATFORM_VALUE_AZURE_VM in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const CLOUDPLATFORMVALUES_AZURE_VM = TMP_CLOUDPLATFORMVALUES_AZURE_VM;
	/**
	* The cloud platform in use.
	*
	* Note: The prefix of the service SHOULD match the one specified in `cloud.provider`.
	*
	* @deprecated Use CLOUD_PLATFORM_VALUE_AZURE_CONTAINER_INSTANCES in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const CLOUDPLATFORMVALUES_AZURE_CONTAINER_INSTANCES = TMP_CLOUDPLATFORMVALUES_AZURE_CONTAINER_INSTANCES;
	/**
	* The cloud platform in use.
	*
	* Note: The prefix of the service SHOULD match the one specified in `cloud.provider`.
	*
	* @deprecated Use CLOUD_PLATFORM_VALUE_AZURE_AKS in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const CLOUDPLATFORMVALUES_AZURE_AKS = TMP_CLOUDPLATFORMVALUES_AZURE_AKS;
	/**
	* The cloud platform in use.
	*
	* Note: The prefix of the service SHOULD match the one specified in `cloud.provider`.
	*
	* @deprecated Use CLOUD_PLATFORM_VALUE_AZURE_FUNCTIONS in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const CLOUDPLATFORMVALUES_AZURE_FUNCTIONS = TMP_CLOUDPLATFORMVALUES_AZURE_FUNCTIONS;
	/**
	* The cloud platform in use.
	*
	* Note: The prefix of the service SHOULD match the one specified in `cloud.provider`.
	*
	* @deprecated Use CLOUD_PLATFORM_VALUE_AZURE_APP_SERVICE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const CLOUDPLATFORMVALUES_AZURE_APP_SERVICE = TMP_CLOUDPLATFORMVALUES_AZURE_APP_SERVICE;
	/**
	* The cloud platform in use.
	*
	* Note: The prefix of the service SHOULD match the one specified in `cloud.provider`.
	*
	* @deprecated Use CLOUD_PLATFORM_VALUE_GCP_COMPUTE_ENGINE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const CLOUDPLATFORMVALUES_GCP_COMPUTE_ENGINE = TMP_CLOUDPLATFORMVALUES_GCP_COMPUTE_ENGINE;
	/**
	* The cloud platform in use.
	*
	* Note: The prefix of the service SHOULD match the one specified in `cloud.provider`.
	*
	* @deprecated Use CLOUD_PLATFORM_VALUE_GCP_CLOUD_RUN in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const CLOUDPLATFORMVALUES_GCP_CLOUD_RUN = TMP_CLOUDPLATFORMVALUES_GCP_CLOUD_RUN;
	/**
	* The cloud platform in use.
	*
	* Note: The prefix of the service SHOULD match the one specified in `cloud.provider`.
	*
	* @deprecated Use CLOUD_PLATFORM_VALUE_GCP_KUBERNETES_ENGINE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const CLOUDPLATFORMVALUES_GCP_KUBERNETES_ENGINE = TMP_CLOUDPLATFORMVALUES_GCP_KUBERNETES_ENGINE;
	/**
	* The cloud platform in use.
	*
	* Note: The prefix of the service SHOULD match the one specified in `cloud.provider`.
	*
	* @deprecated Use CLOUD_PLATFORM_VALUE_GCP_CLOUD_FUNCTIONS in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const CLOUDPLATFORMVALUES_GCP_CLOUD_FUNCTIONS = TMP_CLOUDPLATFORMVALUES_GCP_CLOUD_FUNCTIONS;
	/**
	* The cloud platform in use.
	*
	* Note: The prefix of the service SHOULD match the one specified in `cloud.provider`.
	*
	* @deprecated Use CLOUD_PLATFORM_VALUE_GCP_APP_ENGINE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const CLOUDPLATFORMVALUES_GCP_APP_ENGINE = TMP_CLOUDPLATFORMVALUES_GCP_APP_ENGINE;
	/**
	* The constant map of values for CloudPlatformValues.
	* @deprecated Use the CLOUDPLATFORMVALUES_XXXXX constants rather than the CloudPlatformValues.XXXXX for bundle minification.
	*/
	const CloudPlatformValues = /*#__PURE__*/ require_utils.createConstMap([
		TMP_CLOUDPLATFORMVALUES_ALIBABA_CLOUD_ECS,
		TMP_CLOUDPLATFORMVALUES_ALIBABA_CLOUD_FC,
		TMP_CLOUDPLATFORMVALUES_AWS_EC2,
		TMP_CLOUDPLATFORMVALUES_AWS_ECS,
		TMP_CLOUDPLATFORMVALUES_AWS_EKS,
		TMP_CLOUDPLATFORMVALUES_AWS_LAMBDA,
		TMP_CLOUDPLATFORMVALUES_AWS_ELASTIC_BEANSTALK,
		TMP_CLOUDPLATFORMVALUES_AZURE_VM,
		TMP_CLOUDPLATFORMVALUES_AZURE_CONTAINER_INSTANCES,
		TMP_CLOUDPLATFORMVALUES_AZURE_AKS,
		TMP_CLOUDPLATFORMVALUES_AZURE_FUNCTIONS,
		TMP_CLOUDPLATFORMVALUES_AZURE_APP_SERVICE,
		TMP_CLOUDPLATFORMVALUES_GCP_COMPUTE_ENGINE,
		TMP_CLOUDPLATFORMVALUES_GCP_CLOUD_RUN,
		TMP_CLOUDPLATFORMVALUES_GCP_KUBERNETES_ENGINE,
		TMP_CLOUDPLATFORMVALUES_GCP_CLOUD_FUNCTIONS,
		TMP_CLOUDPLATFORMVALUES_GCP_APP_ENGINE
	]);
	const TMP_AWSECSLAUNCHTYPEVALUES_EC2 = "ec2";
	const TMP_AWSECSLAUNCHTYPEVALUES_FARGATE = "fargate";
	/**
	* The [launch type](https://docs.aws.amazon.com/AmazonECS/latest/developerguide/launch_types.html) for an ECS task.
	*
	* @deprecated Use AWS_ECS_LAUNCHTYPE_VALUE_EC2 in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const AWSECSLAUNCHTYPEVALUES_EC2 = TMP_AWSECSLAUNCHTYPEVALUES_EC2;
	/**
	* The [launch type](https://docs.aws.amazon.com/AmazonECS/latest/developerguide/launch_types.html) for an ECS task.
	*
	* @deprecated Use AWS_ECS_LAUNCHTYPE_VALUE_FARGATE in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const AWSECSLAUNCHTYPEVALUES_FARGATE = TMP_AWSECSLAUNCHTYPEVALUES_FARGATE;
	/**
	* The constant map of values for AwsEcsLaunchtypeValues.
	* @deprecated Use the AWSECSLAUNCHTYPEVALUES_XXXXX constants rather than the AwsEcsLaunchtypeValues.XXXXX for bundle minification.
	*/
	const AwsEcsLaunchtypeValues = /*#__PURE__*/ require_utils.createConstMap([TMP_AWSECSLAUNCHTYPEVALUES_EC2, TMP_AWSECSLAUNCHTYPEVALUES_FARGATE]);
	const TMP_HOSTARCHVALUES_AMD64 = "amd64";
	const TMP_HOSTARCHVALUES_ARM32 = "arm32";
	const TMP_HOSTARCHVALUES_ARM64 = "arm64";
	const TMP_HOSTARCHVALUES_IA64 = "ia64";
	const TMP_HOSTARCHVALUES_PPC32 = "ppc32";
	const TMP_HOSTARCHVALUES_PPC64 = "ppc64";
	const TMP_HOSTARCHVALUES_X86 = "x86";
	/**
	* The CPU architecture the host system is running on.
	*
	* @deprecated Use HOST_ARCH_VALUE_AMD64 in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const HOSTARCHVALUES_AMD64 = TMP_HOSTARCHVALUES_AMD64;
	/**
	* The CPU architecture the host system is running on.
	*
	* @deprecated Use HOST_ARCH_VALUE_ARM32 in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const HOSTARCHVALUES_ARM32 = TMP_HOSTARCHVALUES_ARM32;
	/**
	* The CPU architecture the host system is running on.
	*
	* @deprecated Use HOST_ARCH_VALUE_ARM64 in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const HOSTARCHVALUES_ARM64 = TMP_HOSTARCHVALUES_ARM64;
	/**
	* The CPU architecture the host system is running on.
	*
	* @deprecated Use HOST_ARCH_VALUE_IA64 in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const HOSTARCHVALUES_IA64 = TMP_HOSTARCHVALUES_IA64;
	/**
	* The CPU architecture the host system is running on.
	*
	* @deprecated Use HOST_ARCH_VALUE_PPC32 in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const HOSTARCHVALUES_PPC32 = TMP_HOSTARCHVALUES_PPC32;
	/**
	* The CPU architecture the host system is running on.
	*
	* @deprecated Use HOST_ARCH_VALUE_PPC64 in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const HOSTARCHVALUES_PPC64 = TMP_HOSTARCHVALUES_PPC64;
	/**
	* The CPU architecture the host system is running on.
	*
	* @deprecated Use HOST_ARCH_VALUE_X86 in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const HOSTARCHVALUES_X86 = TMP_HOSTARCHVALUES_X86;
	/**
	* The constant map of values for HostArchValues.
	* @deprecated Use the HOSTARCHVALUES_XXXXX constants rather than the HostArchValues.XXXXX for bundle minification.
	*/
	const HostArchValues = /*#__PURE__*/ require_utils.createConstMap([
		TMP_HOSTARCHVALUES_AMD64,
		TMP_HOSTARCHVALUES_ARM32,
		TMP_HOSTARCHVALUES_ARM64,
		TMP_HOSTARCHVALUES_IA64,
		TMP_HOSTARCHVALUES_PPC32,
		TMP_HOSTARCHVALUES_PPC64,
		TMP_HOSTARCHVALUES_X86
	]);
	const TMP_OSTYPEVALUES_WINDOWS = "windows";
	const TMP_OSTYPEVALUES_LINUX = "linux";
	const TMP_OSTYPEVALUES_DARWIN = "darwin";
	const TMP_OSTYPEVALUES_FREEBSD = "freebsd";
	const TMP_OSTYPEVALUES_NETBSD = "netbsd";
	const TMP_OSTYPEVALUES_OPENBSD = "openbsd";
	const TMP_OSTYPEVALUES_DRAGONFLYBSD = "dragonflybsd";
	const TMP_OSTYPEVALUES_HPUX = "hpux";
	const TMP_OSTYPEVALUES_AIX = "aix";
	const TMP_OSTYPEVALUES_SOLARIS = "solaris";
	const TMP_OSTYPEVALUES_Z_OS = "z_os";
	/**
	* The operating system type.
	*
	* @deprecated Use OS_TYPE_VALUE_WINDOWS in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const OSTYPEVALUES_WINDOWS = TMP_OSTYPEVALUES_WINDOWS;
	/**
	* The operating system type.
	*
	* @deprecated Use OS_TYPE_VALUE_LINUX in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const OSTYPEVALUES_LINUX = TMP_OSTYPEVALUES_LINUX;
	/**
	* The operating system type.
	*
	* @deprecated Use OS_TYPE_VALUE_DARWIN in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const OSTYPEVALUES_DARWIN = TMP_OSTYPEVALUES_DARWIN;
	/**
	* The operating system type.
	*
	* @deprecated Use OS_TYPE_VALUE_FREEBSD in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const OSTYPEVALUES_FREEBSD = TMP_OSTYPEVALUES_FREEBSD;
	/**
	* The operating system type.
	*
	* @deprecated Use OS_TYPE_VALUE_NETBSD in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const OSTYPEVALUES_NETBSD = TMP_OSTYPEVALUES_NETBSD;
	/**
	* The operating system type.
	*
	* @deprecated Use OS_TYPE_VALUE_OPENBSD in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const OSTYPEVALUES_OPENBSD = TMP_OSTYPEVALUES_OPENBSD;
	/**
	* The operating system type.
	*
	* @deprecated Use OS_TYPE_VALUE_DRAGONFLYBSD in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const OSTYPEVALUES_DRAGONFLYBSD = TMP_OSTYPEVALUES_DRAGONFLYBSD;
	/**
	* The operating system type.
	*
	* @deprecated Use OS_TYPE_VALUE_HPUX in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const OSTYPEVALUES_HPUX = TMP_OSTYPEVALUES_HPUX;
	/**
	* The operating system type.
	*
	* @deprecated Use OS_TYPE_VALUE_AIX in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const OSTYPEVALUES_AIX = TMP_OSTYPEVALUES_AIX;
	/**
	* The operating system type.
	*
	* @deprecated Use OS_TYPE_VALUE_SOLARIS in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const OSTYPEVALUES_SOLARIS = TMP_OSTYPEVALUES_SOLARIS;
	/**
	* The operating system type.
	*
	* @deprecated Use OS_TYPE_VALUE_Z_OS in [incubating entry-point]({@link https://github.com/open-telemetry/opentelemetry-js/blob/main/semantic-conventions/README.md#unstable-semconv}).
	*/
	const OSTYPEVALUES_Z_OS = TMP_OSTYPEVALUES_Z_OS;
	/**
	* The constant map of values for OsTypeValues.
	* @deprecated Use the OSTYPEVALUES_XXXXX constants rather than the OsTypeValues.XXXXX for bundle minification.
	*/
	const OsTypeValues = /*#__PURE__*/ require_utils.createConstMap([
		TMP_OSTYPEVALUES_WINDOWS,
		TMP_OSTYPEVALUES_LINUX,
		TMP_OSTYPEVALUES_DARWIN,
		TMP_OSTYPEVALUES_FREEBSD,
		TMP_OSTYPEVALUES_NETBSD,
		TMP_OSTYPEVALUES_OPENBSD,
		TMP_OSTYPEVALUES_DRAGONFLYBSD,
		TMP_OSTYPEVALUES_HPUX,
		TMP_OSTYPEVALUES_AIX,
		TMP_OSTYPEVALUES_SOLARIS,
		TMP_OSTYPEVALUES_Z_OS
	]);
	const TMP_TELEMETRYSDKLANGUAGEVALUES_CPP = "cpp";
	const TMP_TELEMETRYSDKLANGUAGEVALUES_DOTNET = "dotnet";
	const TMP_TELEMETRYSDKLANGUAGEVALUES_ERLANG = "erlang";
	const TMP_TELEMETRYSDKLANGUAGEVALUES_GO = "go";
	const TMP_TELEMETRYSDKLANGUAGEVALUES_JAVA = "java";
	const TMP_TELEMETRYSDKLANGUAGEVALUES_NODEJS = "nodejs";
	const TMP_TELEMETRYSDKLANGUAGEVALUES_PHP = "php";
	const TMP_TELEMETRYSDKLANGUAGEVALUES_PYTHON = "python";
	const TMP_TELEMETRYSDKLANGUAGEVALUES_RUBY = "ruby";
	const TMP_TELEMETRYSDKLANGUAGEVALUES_WEBJS = "webjs";
	/**
	* The language of the telemetry SDK.
	*
	* @deprecated Use TELEMETRY_SDK_LANGUAGE_VALUE_CPP.
	*/
	const TELEMETRYSDKLANGUAGEVALUES_CPP = TMP_TELEMETRYSDKLANGUAGEVALUES_CPP;
	/**
	* The language of the telemetry SDK.
	*
	* @deprecated Use TELEMETRY_SDK_LANGUAGE_VALUE_DOTNET.
	*/
	const TELEMETRYSDKLANGUAGEVALUES_DOTNET = TMP_TELEMETRYSDKLANGUAGEVALUES_DOTNET;
	/**
	* The language of the telemetry SDK.
	*
	* @deprecated Use TELEMETRY_SDK_LANGUAGE_VALUE_ERLANG.
	*/
	const TELEMETRYSDKLANGUAGEVALUES_ERLANG = TMP_TELEMETRYSDKLANGUAGEVALUES_ERLANG;
	/**
	* The language of the telemetry SDK.
	*
	* @deprecated Use TELEMETRY_SDK_LANGUAGE_VALUE_GO.
	*/
	const TELEMETRYSDKLANGUAGEVALUES_GO = TMP_TELEMETRYSDKLANGUAGEVALUES_GO;
	/**
	* The language of the telemetry SDK.
	*
	* @deprecated Use TELEMETRY_SDK_LANGUAGE_VALUE_JAVA.
	*/
	const TELEMETRYSDKLANGUAGEVALUES_JAVA = TMP_TELEMETRYSDKLANGUAGEVALUES_JAVA;
	/**
	* The language of the telemetry SDK.
	*
	* @deprecated Use TELEMETRY_SDK_LANGUAGE_VALUE_NODEJS.
	*/
	const TELEMETRYSDKLANGUAGEVALUES_NODEJS = TMP_TELEMETRYSDKLANGUAGEVALUES_NODEJS;
	/**
	* The language of the telemetry SDK.
	*
	* @deprecated Use TELEMETRY_SDK_LANGUAGE_VALUE_PHP.
	*/
	const TELEMETRYSDKLANGUAGEVALUES_PHP = TMP_TELEMETRYSDKLANGUAGEVALUES_PHP;
	/**
	* The language of the telemetry SDK.
	*
	* @deprecated Use TELEMETRY_SDK_LANGUAGE_VALUE_PYTHON.
	*/
	const TELEMETRYSDKLANGUAGEVALUES_PYTHON = TMP_TELEMETRYSDKLANGUAGEVALUES_PYTHON;
	/**
	* The language of the telemetry SDK.
	*
	* @deprecated Use TELEMETRY_SDK_LANGUAGE_VALUE_RUBY.
	*/
	const TELEMETRYSDKLANGUAGEVALUES_RUBY = TMP_TELEMETRYSDKLANGUAGEVALUES_RUBY;
	/**
	* The language of the telemetry SDK.
	*
	* @deprecated Use TELEMETRY_SDK_LANGUAGE_VALUE_WEBJS.
	*/
	const TELEMETRYSDKLANGUAGEVALUES_WEBJS = TMP_TELEMETRYSDKLANGUAGEVALUES_WEBJS;
	/**
	* The constant map of values for TelemetrySdkLanguageValues.
	* @deprecated Use the TELEMETRYSDKLANGUAGEVALUES_XXXXX constants rather than the TelemetrySdkLanguageValues.XXXXX for bundle minification.
	*/
	const TelemetrySdkLanguageValues = /*#__PURE__*/ require_utils.createConstMap([
		TMP_TELEMETRYSDKLANGUAGEVALUES_CPP,
		TMP_TELEMETRYSDKLANGUAGEVALUES_DOTNET,
		TMP_TELEMETRYSDKLANGUAGEVALUES_ERLANG,
		TMP_TELEMETRYSDKLANGUAGEVALUES_GO,
		TMP_TELEMETRYSDKLANGUAGEVALUES_JAVA,
		TMP_TELEMETRYSDKLANGUAGEVALUES_NODEJS,
		TMP_TELEMETRYSDKLANGUAGEVALUES_PHP,
		TMP_TELEMETRYSDKLANGUAGEVALUES_PYTHON,
		TMP_TELEMETRYSDKLANGUAGEVALUES_RUBY,
		TMP_TELEMETRYSDKLANGUAGEVALUES_WEBJS
	]);
	exports.AWSECSLAUNCHTYPEVALUES_EC2 = AWSECSLAUNCHTYPEVALUES_EC2;
	exports.AWSECSLAUNCHTYPEVALUES_FARGATE = AWSECSLAUNCHTYPEVALUES_FARGATE;
	exports.AwsEcsLaunchtypeValues = AwsEcsLaunchtypeValues;
	exports.CLOUDPLATFORMVALUES_ALIBABA_CLOUD_ECS = CLOUDPLATFORMVALUES_ALIBABA_CLOUD_ECS;
	exports.CLOUDPLATFORMVALUES_ALIBABA_CLOUD_FC = CLOUDPLATFORMVALUES_ALIBABA_CLOUD_FC;
	exports.CLOUDPLATFORMVALUES_AWS_EC2 = CLOUDPLATFORMVALUES_AWS_EC2;
	exports.CLOUDPLATFORMVALUES_AWS_ECS = CLOUDPLATFORMVALUES_AWS_ECS;
	exports.CLOUDPLATFORMVALUES_AWS_EKS = CLOUDPLATFORMVALUES_AWS_EKS;
	exports.CLOUDPLATFORMVALUES_AWS_ELASTIC_BEANSTALK = CLOUDPLATFORMVALUES_AWS_ELASTIC_BEANSTALK;
	exports.CLOUDPLATFORMVALUES_AWS_LAMBDA = CLOUDPLATFORMVALUES_AWS_LAMBDA;
	exports.CLOUDPLATFORMVALUES_AZURE_AKS = CLOUDPLATFORMVALUES_AZURE_AKS;
	exports.CLOUDPLATFORMVALUES_AZURE_APP_SERVICE = CLOUDPLATFORMVALUES_AZURE_APP_SERVICE;
	exports.CLOUDPLATFORMVALUES_AZURE_CONTAINER_INSTANCES = CLOUDPLATFORMVALUES_AZURE_CONTAINER_INSTANCES;
	exports.CLOUDPLATFORMVALUES_AZURE_FUNCTIONS = CLOUDPLATFORMVALUES_AZURE_FUNCTIONS;
	exports.CLOUDPLATFORMVALUES_AZURE_VM = CLOUDPLATFORMVALUES_AZURE_VM;
	exports.CLOUDPLATFORMVALUES_GCP_APP_ENGINE = CLOUDPLATFORMVALUES_GCP_APP_ENGINE;
	exports.CLOUDPLATFORMVALUES_GCP_CLOUD_FUNCTIONS = CLOUDPLATFORMVALUES_GCP_CLOUD_FUNCTIONS;
	exports.CLOUDPLATFORMVALUES_GCP_CLOUD_RUN = CLOUDPLATFORMVALUES_GCP_CLOUD_RUN;
	exports.CLOUDPLATFORMVALUES_GCP_COMPUTE_ENGINE = CLOUDPLATFORMVALUES_GCP_COMPUTE_ENGINE;
	exports.CLOUDPLATFORMVALUES_GCP_KUBERNETES_ENGINE = CLOUDPLATFORMVALUES_GCP_KUBERNETES_ENGINE;
	exports.CLOUDPROVIDERVALUES_ALIBABA_CLOUD = CLOUDPROVIDERVALUES_ALIBABA_CLOUD;
	exports.CLOUDPROVIDERVALUES_AWS = CLOUDPROVIDERVALUES_AWS;
	exports.CLOUDPROVIDERVALUES_AZURE = CLOUDPROVIDERVALUES_AZURE;
	exports.CLOUDPROVIDERVALUES_GCP = CLOUDPROVIDERVALUES_GCP;
	exports.CloudPlatformValues = CloudPlatformValues;
	exports.CloudProviderValues = CloudProviderValues;
	exports.HOSTARCHVALUES_AMD64 = HOSTARCHVALUES_AMD64;
	exports.HOSTARCHVALUES_ARM32 = HOSTARCHVALUES_ARM32;
	exports.HOSTARCHVALUES_ARM64 = HOSTARCHVALUES_ARM64;
	exports.HOSTARCHVALUES_IA64 = HOSTARCHVALUES_IA64;
	exports.HOSTARCHVALUES_PPC32 = HOSTARCHVALUES_PPC32;
	exports.HOSTARCHVALUES_PPC64 = HOSTARCHVALUES_PPC64;
	exports.HOSTARCHVALUES_X86 = HOSTARCHVALUES_X86;
	exports.HostArchValues = HostArchValues;
	exports.OSTYPEVALUES_AIX = OSTYPEVALUES_AIX;
	exports.OSTYPEVALUES_DARWIN = OSTYPEVALUES_DARWIN;
	exports.OSTYPEVALUES_DRAGONFLYBSD = OSTYPEVALUES_DRAGONFLYBSD;
	exports.OSTYPEVALUES_FREEBSD = OSTYPEVALUES_FREEBSD;
	exports.OSTYPEVALUES_HPUX = OSTYPEVALUES_HPUX;
	exports.OSTYPEVALUES_LINUX = OSTYPEVALUES_LINUX;
	exports.OSTYPEVALUES_NETBSD = OSTYPEVALUES_NETBSD;
	exports.OSTYPEVALUES_OPENBSD = OSTYPEVALUES_OPENBSD;
	exports.OSTYPEVALUES_SOLARIS = OSTYPEVALUES_SOLARIS;
	exports.OSTYPEVALUES_WINDOWS = OSTYPEVALUES_WINDOWS;
	exports.OSTYPEVALUES_Z_OS = OSTYPEVALUES_Z_OS;
	exports.OsTypeValues = OsTypeValues;
	exports.SEMRESATTRS_AWS_ECS_CLUSTER_ARN = SEMRESATTRS_AWS_ECS_CLUSTER_ARN;
	exports.SEMRESATTRS_AWS_ECS_CONTAINER_ARN = SEMRESATTRS_AWS_ECS_CONTAINER_ARN;
	exports.SEMRESATTRS_AWS_ECS_LAUNCHTYPE = SEMRESATTRS_AWS_ECS_LAUNCHTYPE;
	exports.SEMRESATTRS_AWS_ECS_TASK_ARN = SEMRESATTRS_AWS_ECS_TASK_ARN;
	exports.SEMRESATTRS_AWS_ECS_TASK_FAMILY = SEMRESATTRS_AWS_ECS_TASK_FAMILY;
	exports.SEMRESATTRS_AWS_ECS_TASK_REVISION = SEMRESATTRS_AWS_ECS_TASK_REVISION;
	exports.SEMRESATTRS_AWS_EKS_CLUSTER_ARN = SEMRESATTRS_AWS_EKS_CLUSTER_ARN;
	exports.SEMRESATTRS_AWS_LOG_GROUP_ARNS = SEMRESATTRS_AWS_LOG_GROUP_ARNS;
	exports.SEMRESATTRS_AWS_LOG_GROUP_NAMES = SEMRESATTRS_AWS_LOG_GROUP_NAMES;
	exports.SEMRESATTRS_AWS_LOG_STREAM_ARNS = SEMRESATTRS_AWS_LOG_STREAM_ARNS;
	exports.SEMRESATTRS_AWS_LOG_STREAM_NAMES = SEMRESATTRS_AWS_LOG_STREAM_NAMES;
	exports.SEMRESATTRS_CLOUD_ACCOUNT_ID = SEMRESATTRS_CLOUD_ACCOUNT_ID;
	exports.SEMRESATTRS_CLOUD_AVAILABILITY_ZONE = SEMRESATTRS_CLOUD_AVAILABILITY_ZONE;
	exports.SEMRESATTRS_CLOUD_PLATFORM = SEMRESATTRS_CLOUD_PLATFORM;
	exports.SEMRESATTRS_CLOUD_PROVIDER = SEMRESATTRS_CLOUD_PROVIDER;
	exports.SEMRESATTRS_CLOUD_REGION = SEMRESATTRS_CLOUD_REGION;
	exports.SEMRESATTRS_CONTAINER_ID = SEMRESATTRS_CONTAINER_ID;
	exports.SEMRESATTRS_CONTAINER_IMAGE_NAME = SEMRESATTRS_CONTAINER_IMAGE_NAME;
	exports.SEMRESATTRS_CONTAINER_IMAGE_TAG = SEMRESATTRS_CONTAINER_IMAGE_TAG;
	exports.SEMRESATTRS_CONTAINER_NAME = SEMRESATTRS_CONTAINER_NAME;
	exports.SEMRESATTRS_CONTAINER_RUNTIME = SEMRESATTRS_CONTAINER_RUNTIME;
	exports.SEMRESATTRS_DEPLOYMENT_ENVIRONMENT = SEMRESATTRS_DEPLOYMENT_ENVIRONMENT;
	exports.SEMRESATTRS_DEVICE_ID = SEMRESATTRS_DEVICE_ID;
	exports.SEMRESATTRS_DEVICE_MODEL_IDENTIFIER = SEMRESATTRS_DEVICE_MODEL_IDENTIFIER;
	exports.SEMRESATTRS_DEVICE_MODEL_NAME = SEMRESATTRS_DEVICE_MODEL_NAME;
	exports.SEMRESATTRS_FAAS_ID = SEMRESATTRS_FAAS_ID;
	exports.SEMRESATTRS_FAAS_INSTANCE = SEMRESATTRS_FAAS_INSTANCE;
	exports.SEMRESATTRS_FAAS_MAX_MEMORY = SEMRESATTRS_FAAS_MAX_MEMORY;
	exports.SEMRESATTRS_FAAS_NAME = SEMRESATTRS_FAAS_NAME;
	exports.SEMRESATTRS_FAAS_VERSION = SEMRESATTRS_FAAS_VERSION;
	exports.SEMRESATTRS_HOST_ARCH = SEMRESATTRS_HOST_ARCH;
	exports.SEMRESATTRS_HOST_ID = SEMRESATTRS_HOST_ID;
	exports.SEMRESATTRS_HOST_IMAGE_ID = SEMRESATTRS_HOST_IMAGE_ID;
	exports.SEMRESATTRS_HOST_IMAGE_NAME = SEMRESATTRS_HOST_IMAGE_NAME;
	exports.SEMRESATTRS_HOST_IMAGE_VERSION = SEMRESATTRS_HOST_IMAGE_VERSION;
	exports.SEMRESATTRS_HOST_NAME = SEMRESATTRS_HOST_NAME;
	exports.SEMRESATTRS_HOST_TYPE = SEMRESATTRS_HOST_TYPE;
	exports.SEMRESATTRS_K8S_CLUSTER_NAME = SEMRESATTRS_K8S_CLUSTER_NAME;
	exports.SEMRESATTRS_K8S_CONTAINER_NAME = SEMRESATTRS_K8S_CONTAINER_NAME;
	exports.SEMRESATTRS_K8S_CRONJOB_NAME = SEMRESATTRS_K8S_CRONJOB_NAME;
	exports.SEMRESATTRS_K8S_CRONJOB_UID = SEMRESATTRS_K8S_CRONJOB_UID;
	exports.SEMRESATTRS_K8S_DAEMONSET_NAME = SEMRESATTRS_K8S_DAEMONSET_NAME;
	exports.SEMRESATTRS_K8S_DAEMONSET_UID = SEMRESATTRS_K8S_DAEMONSET_UID;
	exports.SEMRESATTRS_K8S_DEPLOYMENT_NAME = SEMRESATTRS_K8S_DEPLOYMENT_NAME;
	exports.SEMRESATTRS_K8S_DEPLOYMENT_UID = SEMRESATTRS_K8S_DEPLOYMENT_UID;
	exports.SEMRESATTRS_K8S_JOB_NAME = SEMRESATTRS_K8S_JOB_NAME;
	exports.SEMRESATTRS_K8S_JOB_UID = SEMRESATTRS_K8S_JOB_UID;
	exports.SEMRESATTRS_K8S_NAMESPACE_NAME = SEMRESATTRS_K8S_NAMESPACE_NAME;
	exports.SEMRESATTRS_K8S_NODE_NAME = SEMRESATTRS_K8S_NODE_NAME;
	exports.SEMRESATTRS_K8S_NODE_UID = SEMRESATTRS_K8S_NODE_UID;
	exports.SEMRESATTRS_K8S_POD_NAME = SEMRESATTRS_K8S_POD_NAME;
	exports.SEMRESATTRS_K8S_POD_UID = SEMRESATTRS_K8S_POD_UID;
	exports.SEMRESATTRS_K8S_REPLICASET_NAME = SEMRESATTRS_K8S_REPLICASET_NAME;
	exports.SEMRESATTRS_K8S_REPLICASET_UID = SEMRESATTRS_K8S_REPLICASET_UID;
	exports.SEMRESATTRS_K8S_STATEFULSET_NAME = SEMRESATTRS_K8S_STATEFULSET_NAME;
	exports.SEMRESATTRS_K8S_STATEFULSET_UID = SEMRESATTRS_K8S_STATEFULSET_UID;
	exports.SEMRESATTRS_OS_DESCRIPTION = SEMRESATTRS_OS_DESCRIPTION;
	exports.SEMRESATTRS_OS_NAME = SEMRESATTRS_OS_NAME;
	exports.SEMRESATTRS_OS_TYPE = SEMRESATTRS_OS_TYPE;
	exports.SEMRESATTRS_OS_VERSION = SEMRESATTRS_OS_VERSION;
	exports.SEMRESATTRS_PROCESS_COMMAND = SEMRESATTRS_PROCESS_COMMAND;
	exports.SEMRESATTRS_PROCESS_COMMAND_ARGS = SEMRESATTRS_PROCESS_COMMAND_ARGS;
	exports.SEMRESATTRS_PROCESS_COMMAND_LINE = SEMRESATTRS_PROCESS_COMMAND_LINE;
	exports.SEMRESATTRS_PROCESS_EXECUTABLE_NAME = SEMRESATTRS_PROCESS_EXECUTABLE_NAME;
	exports.SEMRESATTRS_PROCESS_EXECUTABLE_PATH = SEMRESATTRS_PROCESS_EXECUTABLE_PATH;
	exports.SEMRESATTRS_PROCESS_OWNER = SEMRESATTRS_PROCESS_OWNER;
	exports.SEMRESATTRS_PROCESS_PID = SEMRESATTRS_PROCESS_PID;
	exports.SEMRESATTRS_PROCESS_RUNTIME_DESCRIPTION = SEMRESATTRS_PROCESS_RUNTIME_DESCRIPTION;
	exports.SEMRESATTRS_PROCESS_RUNTIME_NAME = SEMRESATTRS_PROCESS_RUNTIME_NAME;
	exports.SEMRESATTRS_PROCESS_RUNTIME_VERSION = SEMRESATTRS_PROCESS_RUNTIME_VERSION;
	exports.SEMRESATTRS_SERVICE_INSTANCE_ID = SEMRESATTRS_SERVICE_INSTANCE_ID;
	exports.SEMRESATTRS_SERVICE_NAME = SEMRESATTRS_SERVICE_NAME;
	exports.SEMRESATTRS_SERVICE_NAMESPACE = SEMRESATTRS_SERVICE_NAMESPACE;
	exports.SEMRESATTRS_SERVICE_VERSION = SEMRESATTRS_SERVICE_VERSION;
	exports.SEMRESATTRS_TELEMETRY_AUTO_VERSION = SEMRESATTRS_TELEMETRY_AUTO_VERSION;
	exports.SEMRESATTRS_TELEMETRY_SDK_LANGUAGE = SEMRESATTRS_TELEMETRY_SDK_LANGUAGE;
	exports.SEMRESATTRS_TELEMETRY_SDK_NAME = SEMRESATTRS_TELEMETRY_SDK_NAME;
	exports.SEMRESATTRS_TELEMETRY_SDK_VERSION = SEMRESATTRS_TELEMETRY_SDK_VERSION;
	exports.SEMRESATTRS_WEBENGINE_DESCRIPTION = SEMRESATTRS_WEBENGINE_DESCRIPTION;
	exports.SEMRESATTRS_WEBENGINE_NAME = SEMRESATTRS_WEBENGINE_NAME;
	exports.SEMRESATTRS_WEBENGINE_VERSION = SEMRESATTRS_WEBENGINE_VERSION;
	exports.SemanticResourceAttributes = SemanticResourceAttributes;
	exports.TELEMETRYSDKLANGUAGEVALUES_CPP = TELEMETRYSDKLANGUAGEVALUES_CPP;
	exports.TELEMETRYSDKLANGUAGEVALUES_DOTNET = TELEMETRYSDKLANGUAGEVALUES_DOTNET;
	exports.TELEMETRYSDKLANGUAGEVALUES_ERLANG = TELEMETRYSDKLANGUAGEVALUES_ERLANG;
	exports.TELEMETRYSDKLANGUAGEVALUES_GO = TELEMETRYSDKLANGUAGEVALUES_GO;
	exports.TELEMETRYSDKLANGUAGEVALUES_JAVA = TELEMETRYSDKLANGUAGEVALUES_JAVA;
	exports.TELEMETRYSDKLANGUAGEVALUES_NODEJS = TELEMETRYSDKLANGUAGEVALUES_NODEJS;
	exports.TELEMETRYSDKLANGUAGEVALUES_PHP = TELEMETRYSDKLANGUAGEVALUES_PHP;
	exports.TELEMETRYSDKLANGUAGEVALUES_PYTHON = TELEMETRYSDKLANGUAGEVALUES_PYTHON;
	exports.TELEMETRYSDKLANGUAGEVALUES_RUBY = TELEMETRYSDKLANGUAGEVALUES_RUBY;
	exports.TELEMETRYSDKLANGUAGEVALUES_WEBJS = TELEMETRYSDKLANGUAGEVALUES_WEBJS;
	exports.TelemetrySdkLanguageValues = TelemetrySdkLanguageValues;
}));
// node_modules/@opentelemetry/semantic-conventions/dist/stable_attributes.cjs
var require_stable_attributes$1 = /* @__PURE__ */ __commonJSMin(((exports) => {
	/**
	* ASP.NET Core exception middleware handling result.
	*
	* @example handled
	* @example unhandled
	*/
	const ATTR_ASPNETCORE_DIAGNOSTICS_EXCEPTION_RESULT = "aspnetcore.diagnostics.exception.result";
	/**
	* Enum value "aborted" for attribute {@link ATTR_ASPNETCORE_DIAGNOSTICS_EXCEPTION_RESULT}.
	*
	* Exception handling didn't run because the request was aborted.
	*/
	const ASPNETCORE_DIAGNOSTICS_EXCEPTION_RESULT_VALUE_ABORTED = "aborted";
	/**
	* Enum value "handled" for attribute {@link ATTR_ASPNETCORE_DIAGNOSTICS_EXCEPTION_RESULT}.
	*
	* Exception was handled by the exception handling middleware.
	*/
	const ASPNETCORE_DIAGNOSTICS_EXCEPTION_RESULT_VALUE_HANDLED = "handled";
	/**
	* Enum value "skipped" for attribute {@link ATTR_ASPNETCORE_DIAGNOSTICS_EXCEPTION_RESULT}.
	*
	* Exception handling was skipped because the response had started.
	*/
	const ASPNETCORE_DIAGNOSTICS_EXCEPTION_RESULT_VALUE_SKIPPED = "skipped";
	/**
	* Enum value "unhandled" for attribute {@link ATTR_ASPNETCORE_DIAGNOSTICS_EXCEPTION_RESULT}.
	*
	* Exception was not handled by the exception handling middleware.
	*/
	const ASPNETCORE_DIAGNOSTICS_EXCEPTION_RESULT_VALUE_UNHANDLED = "unhandled";
	/**
	* Full type name of the [`IExceptionHandler`](https://learn.microsoft.com/dotnet/api/microsoft.aspnetcore.diagnostics.iexceptionhandler) implementation that handled the exception.
	*
	* @example Contoso.MyHandler
	*/
	const ATTR_ASPNETCORE_DIAGNOSTICS_HANDLER_TYPE = "aspnetcore.diagnostics.handler.type";
	/**
	* Rate limiting policy name.
	*
	* @example fixed
	* @example sliding
	* @example token
	*/
	const ATTR_ASPNETCORE_RATE_LIMITING_POLICY = "aspnetcore.rate_limiting.policy";
	/**
	* Rate-limiting result, shows whether the lease was acquired or contains a rejection reason
	*
	* @example acquired
	* @example request_canceled
	*/
	const ATTR_ASPNETCORE_RATE_LIMITING_RESULT = "aspnetcore.rate_limiting.result";
	/**
	* Enum value "acquired" for attribute {@link ATTR_ASPNETCORE_RATE_LIMITING_RESULT}.
	*
	* Lease was acquired
	*/
	const ASPNETCORE_RATE_LIMITING_RESULT_VALUE_ACQUIRED = "acquired";
	/**
	* Enum value "endpoint_limiter" for attribute {@link ATTR_ASPNETCORE_RATE_LIMITING_RESULT}.
	*
	* Lease request was rejected by the endpoint limiter
	*/
	const ASPNETCORE_RATE_LIMITING_RESULT_VALUE_ENDPOINT_LIMITER = "endpoint_limiter";
	/**
	* Enum value "global_limiter" for attribute {@link ATTR_ASPNETCORE_RATE_LIMITING_RESULT}.
	*
	* Lease request was rejected by the global limiter
	*/
	const ASPNETCORE_RATE_LIMITING_RESULT_VALUE_GLOBAL_LIMITER = "global_limiter";
	/**
	* Enum value "request_canceled" for attribute {@link ATTR_ASPNETCORE_RATE_LIMITING_RESULT}.
	*
	* Lease request was canceled
	*/
	const ASPNETCORE_RATE_LIMITING_RESULT_VALUE_REQUEST_CANCELED = "request_canceled";
	/**
	* Flag indicating if request was handled by the application pipeline.
	*
	* @example true
	*/
	const ATTR_ASPNETCORE_REQUEST_IS_UNHANDLED = "aspnetcore.request.is_unhandled";
	/**
	* A value that indicates whether the matched route is a fallback route.
	*
	* @example true
	*/
	const ATTR_ASPNETCORE_ROUTING_IS_FALLBACK = "aspnetcore.routing.is_fallback";
	/**
	* Match result - success or failure
	*
	* @example success
	* @example failure
	*/
	const ATTR_ASPNETCORE_ROUTING_MATCH_STATUS = "aspnetcore.routing.match_status";
	/**
	* Enum value "failure" for attribute {@link ATTR_ASPNETCORE_ROUTING_MATCH_STATUS}.
	*
	* Match failed
	*/
	const ASPNETCORE_ROUTING_MATCH_STATUS_VALUE_FAILURE = "failure";
	/**
	* Enum value "success" for attribute {@link ATTR_ASPNETCORE_ROUTING_MATCH_STATUS}.
	*
	* Match succeeded
	*/
	const ASPNETCORE_ROUTING_MATCH_STATUS_VALUE_SUCCESS = "success";
	/**
	* A value that indicates whether the user is authenticated.
	*
	* @example true
	*/
	const ATTR_ASPNETCORE_USER_IS_AUTHENTICATED = "aspnetcore.user.is_authenticated";
	/**
	* Client address - domain name if available without reverse DNS lookup; otherwise, IP address or UNIX domain socket name.
	*
	* @example client.example.com
	* @example 10.1.2.80
	* @example /tmp/my.sock
	*
	* @note When observed from the server side, and when communicating through an intermediary, `client.address` **SHOULD** represent the client address behind any intermediaries, for example proxies, if it's available.
	*/
	const ATTR_CLIENT_ADDRESS = "client.address";
	/**
	* Client port number.
	*
	* @example 65123
	*
	* @note When observed from the server side, and when communicating through an intermediary, `client.port` **SHOULD** represent the client port behind any intermediaries, for example proxies, if it's available.
	*/
	const ATTR_CLIENT_PORT = "client.port";
	/**
	* The column number in `code.file.path` best representing the operation. It **SHOULD** point within the code unit named in `code.function.name`. This attribute **MUST NOT** be used on the Profile signal since the data is already captured in 'message Line'. This constraint is imposed to prevent redundancy and maintain data integrity.
	*
	* @example 16
	*/
	const ATTR_CODE_COLUMN_NUMBER = "code.column.number";
	/**
	* The source code filename that identifies the code unit as uniquely as possible (preferably an absolute file path). This attribute **MUST NOT** be used on the Profile signal since the data is already captured in 'message Function'. This constraint is imposed to prevent redundancy and maintain data integrity.
	*
	* @example "/usr/local/MyApplication/content_root/app/index.php"
	*/
	const ATTR_CODE_FILE_PATH = "code.file.path";
	/**
	* The method or function fully-qualified name without arguments. The value should fit the natural representation of the language runtime, which is also likely the same used within `code.stacktrace` attribute value. This attribute **MUST NOT** be used on the Profile signal since the data is already captured in 'message Function'. This constraint is imposed to prevent redundancy and maintain data integrity.
	*
	* @example com.example.MyHttpService.serveRequest
	* @example GuzzleHttp\\Client::transfer
	* @example fopen
	*
	* @note Values and format depends on each language runtime, thus it is impossible to provide an exhaustive list of examples.
	* The values are usually the same (or prefixes of) the ones found in native stack trace representation stored in
	* `code.stacktrace` without information on arguments.
	*
	* Examples:
	*
	*   - Java method: `com.example.MyHttpService.serveRequest`
	*   - Java anonymous class method: `com.mycompany.Main$1.myMethod`
	*   - Java lambda method: `com.mycompany.Main$$Lambda/0x0000748ae4149c00.myMethod`
	*   - PHP function: `GuzzleHttp\Client::transfer`
	*   - Go function: `github.com/my/repo/pkg.foo.func5`
	*   - Elixir: `OpenTelemetry.Ctx.new`
	*   - Erlang: `opentelemetry_ctx:new`
	*   - Rust: `playground::my_module::my_cool_func`
	*   - C function: `fopen`
	*/
	const ATTR_CODE_FUNCTION_NAME = "code.function.name";
	/**
	* The line number in `code.file.path` best representing the operation. It **SHOULD** point within the code unit named in `code.function.name`. This attribute **MUST NOT** be used on the Profile signal since the data is already captured in 'message Line'. This constraint is imposed to prevent redundancy and maintain data integrity.
	*
	* @example 42
	*/
	const ATTR_CODE_LINE_NUMBER = "code.line.number";
	/**
	* A stacktrace as a string in the natural representation for the language runtime. The representation is identical to [`exception.stacktrace`](/docs/exceptions/exceptions-spans.md#stacktrace-representation). This attribute **MUST NOT** be used on the Profile signal since the data is already captured in 'message Location'. This constraint is imposed to prevent redundancy and maintain data integrity.
	*
	* @example "at com.example.GenerateTrace.methodB(GenerateTrace.java:13)\\n at com.example.GenerateTrace.methodA(GenerateTrace.java:9)\\n at com.example.GenerateTrace.main(GenerateTrace.java:5)\\n"
	*/
	const ATTR_CODE_STACKTRACE = "code.stacktrace";
	/**
	* Container ID. Usually a UUID, as for example used to [identify Docker containers](https://docs.docker.com/engine/containers/run/#container-identification). The UUID might be abbreviated.
	*
	* @example a3bf90e006b2
	*/
	const ATTR_CONTAINER_ID = "container.id";
	/**
	* Name of the image the container was built on.
	*
	* @example gcr.io/opentelemetry/operator
	*/
	const ATTR_CONTAINER_IMAGE_NAME = "container.image.name";
	/**
	* Repository digests of the container image as provided by the container runtime.
	*
	* @example ["example@sha256:afcc7f1ac1b49db317a7196c902e61c6c3c4607d63599ee1a82d702d249a0ccb", "internal.registry.example.com:5000/example@sha256:b69959407d21e8a062e0416bf13405bb2b71ed7a84dde4158ebafacfa06f5578"]
	*
	* @note [Docker](https://docs.docker.com/reference/api/engine/version/v1.52/#tag/Image/operation/ImageInspect) and [CRI](https://github.com/kubernetes/cri-api/blob/c75ef5b473bbe2d0a4fc92f82235efd665ea8e9f/pkg/apis/runtime/v1/api.proto#L1237-L1238) report those under the `RepoDigests` field.
	*/
	const ATTR_CONTAINER_IMAGE_REPO_DIGESTS = "container.image.repo_digests";
	/**
	* Container image tags. An example can be found in [Docker Image Inspect](https://docs.docker.com/reference/api/engine/version/v1.52/#tag/Image/operation/ImageInspect). Should be only the `<tag>` section of the full name for example from `registry.example.com/my-org/my-image:<tag>`.
	*
	* @example ["v1.27.1", "3.5.7-0"]
	*/
	const ATTR_CONTAINER_IMAGE_TAGS = "container.image.tags";
	/**
	* The name of a collection (table, container) within the database.
	*
	* @example public.users
	* @example customers
	*
	* @note It is **RECOMMENDED** to capture the value as provided by the application
	* without attempting to do any case normalization.
	*
	* The collection name **SHOULD NOT** be extracted from `db.query.text`,
	* when the database system supports query text with multiple collections
	* in non-batch operations.
	*
	* For batch operations, if the individual operations would all have the same
	* `db.collection.name` when executed as non-batch operations,
	* then that collection name **SHOULD** be used.
	*/
	const ATTR_DB_COLLECTION_NAME = "db.collection.name";
	/**
	* The name of the database, fully qualified within the server address and port.
	*
	* @example customers
	* @example test.users
	*
	* @note If a database system has multiple namespace components, they **SHOULD** be concatenated from the most general to the most specific namespace component, using `|` as a separator between the components. Any missing components (and their associated separators) **SHOULD** be omitted.
	* Semantic conventions for individual database systems **SHOULD** document what `db.namespace` means in the context of that system.
	* It is **RECOMMENDED** to capture the value as provided by the application without attempting to do any case normalization.
	*/
	const ATTR_DB_NAMESPACE = "db.namespace";
	/**
	* The number of database operations included in a batch operation.
	*
	* @example 2
	* @example 3
	* @example 4
	*
	* @note Except for empty batch requests described below, a batch operation contains two
	* or more database operations explicitly submitted as separate operations in a single
	* client call, protocol message, or database command.
	*
	* Requests to batch APIs that contain only one operation **SHOULD** be modeled as single
	* operations, not as batch operations.
	*
	* A database call is not a batch operation solely because one operation accepts
	* multiple operands, such as keys, rows, documents, points, or other data elements,
	* including Redis [`MGET`](https://redis.io/docs/latest/commands/mget/) with
	* multiple keys.
	*
	* In batch APIs that execute the same parameterized operation with parameter sets,
	* each parameter set represents one database operation for determining whether the
	* request is a batch operation. Requests with only one parameter set **SHOULD** be modeled
	* as single operations, not as batch operations.
	*
	* `db.operation.batch.size` **SHOULD** be set to the number of operations in the batch.
	* It **SHOULD NOT** be set for non-batch operations.
	*
	* A request to execute a batch operation with no operations **SHOULD** also be treated
	* as a batch operation, and `db.operation.batch.size` **SHOULD** be set to `0`.
	*/
	const ATTR_DB_OPERATION_BATCH_SIZE = "db.operation.batch.size";
	/**
	* The name of the operation or command being executed.
	*
	* @example findAndModify
	* @example HMSET
	* @example SELECT
	*
	* @note It is **RECOMMENDED** to capture the value as provided by the application
	* without attempting to do any case normalization.
	*
	* The operation name **SHOULD NOT** be extracted from `db.query.text`,
	* when the database system supports query text with multiple operations
	* in non-batch operations.
	*
	* If spaces can occur in the operation name, multiple consecutive spaces
	* **SHOULD** be normalized to a single space.
	*
	* For batch operations, if the individual operations would all have the same
	* `db.operation.name` when executed as non-batch operations,
	* then that operation name **SHOULD** be used prepended by `BATCH `.
	* Otherwise, `db.operation.name` **SHOULD** be `BATCH` or some other database
	* system specific term if more applicable.
	*/
	const ATTR_DB_OPERATION_NAME = "db.operation.name";
	/**
	* Low cardinality summary of a database query.
	*
	* @example SELECT wuser_table
	* @example INSERT shipping_details SELECT orders
	* @example get user by id
	*
	* @note The query summary describes a class of database queries and is useful
	* as a grouping key, especially when analyzing telemetry for database
	* calls involving complex queries.
	*
	* Summary may be available to the instrumentation through
	* instrumentation hooks or other means. If it is not available, instrumentations
	* that support query parsing **SHOULD** generate a summary following
	* [Generating query summary](/docs/db/database-spans.md#generating-a-summary-of-the-query)
	* section.
	*
	* For batch operations, if the individual operations would all have the same
	* `db.query.summary` when executed as non-batch operations,
	* then that query summary **SHOULD** be used prepended by `BATCH `.
	* Otherwise, `db.query.summary` **SHOULD** be `BATCH` or some other database
	* system specific term if more applicable.
	*/
	const ATTR_DB_QUERY_SUMMARY = "db.query.summary";
	/**
	* The database query being executed.
	*
	* @example SELECT * FROM wuser_table where username = ?
	* @example SET mykey ?
	*
	* @note For sanitization see [Sanitization of `db.query.text`](/docs/db/database-spans.md#sanitization-of-dbquerytext).
	* For batch operations, if the individual operations would all have the same `db.query.text` when executed as non-batch operations, then that query text **SHOULD** be used. Otherwise, all of the individual query texts **SHOULD** be concatenated with separator `; ` or some other database system specific separator if more applicable.
	* Parameterized query text **SHOULD NOT** be sanitized. Even though parameterized query text can potentially have sensitive data, by using a parameterized query the user is giving a strong signal that any sensitive data will be passed as parameter values, and the benefit to observability of capturing the static part of the query text by default outweighs the risk.
	*/
	const ATTR_DB_QUERY_TEXT = "db.query.text";
	/**
	* Database response status code.
	*
	* @example 102
	* @example ORA-17002
	* @example 08P01
	* @example 404
	*
	* @note The status code returned by the database. Usually it represents an error code, but may also represent partial success, warning, or differentiate between various types of successful outcomes.
	* The value **MAY** use a standardized string representation of a numeric status code, if one exists, instead of the numeric code. The value **MAY** be a synthetic status provided by the client library rather than returned by the remote service.
	* Semantic conventions for individual database systems **SHOULD** document what `db.response.status_code` means in the context of that system.
	*/
	const ATTR_DB_RESPONSE_STATUS_CODE = "db.response.status_code";
	/**
	* The name of a stored procedure within the database.
	*
	* @example GetCustomer
	*
	* @note It is **RECOMMENDED** to capture the value as provided by the application
	* without attempting to do any case normalization.
	*
	* For batch operations, if the individual operations would all have the same
	* `db.stored_procedure.name` when executed as non-batch operations,
	* then that stored procedure name **SHOULD** be used.
	*/
	const ATTR_DB_STORED_PROCEDURE_NAME = "db.stored_procedure.name";
	/**
	* The database management system (DBMS) product as identified by the client instrumentation.
	*
	* @note The actual DBMS may differ from the one identified by the client. For example, when using PostgreSQL client libraries to connect to a CockroachDB, the `db.system.name` is set to `postgresql` based on the instrumentation's best knowledge.
	*/
	const ATTR_DB_SYSTEM_NAME = "db.system.name";
	/**
	* Enum value "mariadb" for attribute {@link ATTR_DB_SYSTEM_NAME}.
	*
	* [MariaDB](https://mariadb.org/)
	*/
	const DB_SYSTEM_NAME_VALUE_MARIADB = "mariadb";
	/**
	* Enum value "microsoft.sql_server" for attribute {@link ATTR_DB_SYSTEM_NAME}.
	*
	* [Microsoft SQL Server](https://www.microsoft.com/sql-server)
	*/
	const DB_SYSTEM_NAME_VALUE_MICROSOFT_SQL_SERVER = "microsoft.sql_server";
	/**
	* Enum value "mysql" for attribute {@link ATTR_DB_SYSTEM_NAME}.
	*
	* [MySQL](https://www.mysql.com/)
	*/
	const DB_SYSTEM_NAME_VALUE_MYSQL = "mysql";
	/**
	* Enum value "postgresql" for attribute {@link ATTR_DB_SYSTEM_NAME}.
	*
	* [PostgreSQL](https://www.postgresql.org/)
	*/
	const DB_SYSTEM_NAME_VALUE_POSTGRESQL = "postgresql";
	/**
	* Name of the [deployment environment](https://wikipedia.org/wiki/Deployment_environment) (aka deployment tier).
	*
	* @example staging
	* @example production
	*
	* @note `deployment.environment.name` does not affect the uniqueness constraints defined through
	* the `service.namespace`, `service.name` and `service.instance.id` resource attributes.
	* This implies that resources carrying the following attribute combinations **MUST** be
	* considered to be identifying the same service:
	*
	*   - `service.name=frontend`, `deployment.environment.name=production`
	*   - `service.name=frontend`, `deployment.environment.name=staging`.
	*/
	const ATTR_DEPLOYMENT_ENVIRONMENT_NAME = "deployment.environment.name";
	/**
	* Enum value "development" for attribute {@link ATTR_DEPLOYMENT_ENVIRONMENT_NAME}.
	*
	* Development environment
	*/
	const DEPLOYMENT_ENVIRONMENT_NAME_VALUE_DEVELOPMENT = "development";
	/**
	* Enum value "production" for attribute {@link ATTR_DEPLOYMENT_ENVIRONMENT_NAME}.
	*
	* Production environment
	*/
	const DEPLOYMENT_ENVIRONMENT_NAME_VALUE_PRODUCTION = "production";
	/**
	* Enum value "staging" for attribute {@link ATTR_DEPLOYMENT_ENVIRONMENT_NAME}.
	*
	* Staging environment
	*/
	const DEPLOYMENT_ENVIRONMENT_NAME_VALUE_STAGING = "staging";
	/**
	* Enum value "test" for attribute {@link ATTR_DEPLOYMENT_ENVIRONMENT_NAME}.
	*
	* Testing environment
	*/
	const DEPLOYMENT_ENVIRONMENT_NAME_VALUE_TEST = "test";
	/**
	* Name of the garbage collector managed heap generation.
	*
	* @example gen0
	* @example gen1
	* @example gen2
	*/
	const ATTR_DOTNET_GC_HEAP_GENERATION = "dotnet.gc.heap.generation";
	/**
	* Enum value "gen0" for attribute {@link ATTR_DOTNET_GC_HEAP_GENERATION}.
	*
	* Generation 0
	*/
	const DOTNET_GC_HEAP_GENERATION_VALUE_GEN0 = "gen0";
	/**
	* Enum value "gen1" for attribute {@link ATTR_DOTNET_GC_HEAP_GENERATION}.
	*
	* Generation 1
	*/
	const DOTNET_GC_HEAP_GENERATION_VALUE_GEN1 = "gen1";
	/**
	* Enum value "gen2" for attribute {@link ATTR_DOTNET_GC_HEAP_GENERATION}.
	*
	* Generation 2
	*/
	const DOTNET_GC_HEAP_GENERATION_VALUE_GEN2 = "gen2";
	/**
	* Enum value "loh" for attribute {@link ATTR_DOTNET_GC_HEAP_GENERATION}.
	*
	* Large Object Heap
	*/
	const DOTNET_GC_HEAP_GENERATION_VALUE_LOH = "loh";
	/**
	* Enum value "poh" for attribute {@link ATTR_DOTNET_GC_HEAP_GENERATION}.
	*
	* Pinned Object Heap
	*/
	const DOTNET_GC_HEAP_GENERATION_VALUE_POH = "poh";
	/**
	* Describes a class of error the operation ended with.
	*
	* @example timeout
	* @example java.net.UnknownHostException
	* @example server_certificate_invalid
	* @example 500
	*
	* @note The `error.type` **SHOULD** be predictable, and **SHOULD** have low cardinality.
	*
	* When `error.type` is set to a type (e.g., an exception type), its
	* canonical class name identifying the type within the artifact **SHOULD** be used.
	*
	* If the recorded error type is a wrapper that is not meaningful for
	* failure classification, instrumentation **MAY** use the type of the inner
	* error instead. For example, in Go, errors created with `fmt.Errorf`
	* using `%w` **MAY** be unwrapped when the wrapper type does not help
	* classify the failure.
	*
	* Instrumentations **SHOULD** document the list of errors they report.
	*
	* The cardinality of `error.type` within one instrumentation library **SHOULD** be low.
	* Telemetry consumers that aggregate data from multiple instrumentation libraries and applications
	* should be prepared for `error.type` to have high cardinality at query time when no
	* additional filters are applied.
	*
	* If the operation has completed successfully, instrumentations **SHOULD NOT** set `error.type`.
	*
	* If a specific domain defines its own set of error identifiers (such as HTTP or RPC status codes),
	* it's **RECOMMENDED** to:
	*
	*   - Use a domain-specific attribute
	*   - Set `error.type` to capture all errors, regardless of whether they are defined within the domain-specific set or not.
	*/
	const ATTR_ERROR_TYPE = "error.type";
	/**
	* Enum value "_OTHER" for attribute {@link ATTR_ERROR_TYPE}.
	*
	* A fallback error value to be used when the instrumentation doesn't define a custom value.
	*/
	const ERROR_TYPE_VALUE_OTHER = "_OTHER";
	/**
	* Indicates that the exception is escaping the scope of the span.
	*
	* @deprecated It's no longer recommended to record exceptions that are handled and do not escape the scope of a span.
	*/
	const ATTR_EXCEPTION_ESCAPED = "exception.escaped";
	/**
	* The exception message.
	*
	* @example Division by zero
	* @example Can't convert 'int' object to str implicitly
	*
	* @note > [!WARNING]
	*
	* > This attribute may contain sensitive information.
	*/
	const ATTR_EXCEPTION_MESSAGE = "exception.message";
	/**
	* A stacktrace as a string in the natural representation for the language runtime. The representation is to be determined and documented by each language SIG.
	*
	* @example "Exception in thread "main" java.lang.RuntimeException: Test exception\\n at com.example.GenerateTrace.methodB(GenerateTrace.java:13)\\n at com.example.GenerateTrace.methodA(GenerateTrace.java:9)\\n at com.example.GenerateTrace.main(GenerateTrace.java:5)\\n"
	*/
	const ATTR_EXCEPTION_STACKTRACE = "exception.stacktrace";
	/**
	* The type of the exception (its fully-qualified class name, if applicable). The dynamic type of the exception should be preferred over the static type in languages that support it.
	*
	* @example java.net.ConnectException
	* @example OSError
	*
	* @note If the recorded exception type is a wrapper that is not meaningful for
	* failure classification, instrumentation **MAY** use the type of the inner
	* exception instead. For example, in Go, errors created with `fmt.Errorf`
	* using `%w` **MAY** be unwrapped when the wrapper type does not help
	* classify the failure.
	*/
	const ATTR_EXCEPTION_TYPE = "exception.type";
	/**
	* HTTP request headers, `<key>` being the normalized HTTP Header name (lowercase), the value being the header values.
	*
	* @example ["application/json"]
	* @example ["1.2.3.4", "1.2.3.5"]
	*
	* @note Instrumentations **SHOULD** require an explicit configuration of which headers are to be captured.
	* Including all request headers can be a security risk - explicit configuration helps avoid leaking sensitive information.
	*
	* The `User-Agent` header is already captured in the `user_agent.original` attribute.
	* Users **MAY** explicitly configure instrumentations to capture them even though it is not recommended.
	*
	* The attribute value **MUST** consist of either multiple header values as an array of strings
	* or a single-item array containing a possibly comma-concatenated string, depending on the way
	* the HTTP library provides access to headers.
	*
	* Examples:
	*
	*   - A header `Content-Type: application/json` **SHOULD** be recorded as the `http.request.header.content-type`
	*     attribute with value `["application/json"]`.
	*   - A header `X-Forwarded-For: 1.2.3.4, 1.2.3.5` **SHOULD** be recorded as the `http.request.header.x-forwarded-for`
	*     attribute with value `["1.2.3.4", "1.2.3.5"]` or `["1.2.3.4, 1.2.3.5"]` depending on the HTTP library.
	*/
	const ATTR_HTTP_REQUEST_HEADER = (key) => `http.request.header.${key}`;
	/**
	* HTTP request method.
	*
	* @example GET
	* @example POST
	* @example HEAD
	*
	* @note HTTP request method value **SHOULD** be "known" to the instrumentation.
	* By default, this convention defines "known" methods as the ones listed in [RFC9110](https://www.rfc-editor.org/rfc/rfc9110.html#name-methods),
	* the PATCH method defined in [RFC5789](https://www.rfc-editor.org/rfc/rfc5789.html)
	* and the QUERY method defined in [httpbis-safe-method-w-body](https://datatracker.ietf.org/doc/draft-ietf-httpbis-safe-method-w-body/?include_text=1).
	*
	* If the HTTP request method is not known to instrumentation, it **MUST** set the `http.request.method` attribute to `_OTHER`.
	*
	* If the HTTP instrumentation could end up converting valid HTTP request methods to `_OTHER`, then it **MUST** provide a way to override
	* the list of known HTTP methods. If this override is done via environment variable, then the environment variable **MUST** be named
	* OTEL_INSTRUMENTATION_HTTP_KNOWN_METHODS and support a comma-separated list of case-sensitive known HTTP methods.
	*
	*
	* If this override is done via declarative configuration, then the list **MUST** be configurable via the `known_methods` property
	* (an array of case-sensitive strings with minimum items 0) under `.instrumentation/development.general.http.client` and/or
	* `.instrumentation/development.general.http.server`.
	*
	* In either case, this list **MUST** be a full override of the default known methods,
	* it is not a list of known methods in addition to the defaults.
	*
	* HTTP method names are case-sensitive and `http.request.method` attribute value **MUST** match a known HTTP method name exactly.
	* Instrumentations for specific web frameworks that consider HTTP methods to be case insensitive, **SHOULD** populate a canonical equivalent.
	* Tracing instrumentations that do so, **MUST** also set `http.request.method_original` to the original value.
	*/
	const ATTR_HTTP_REQUEST_METHOD = "http.request.method";
	/**
	* Enum value "_OTHER" for attribute {@link ATTR_HTTP_REQUEST_METHOD}.
	*
	* Any HTTP method that the instrumentation has no prior knowledge of.
	*/
	const HTTP_REQUEST_METHOD_VALUE_OTHER = "_OTHER";
	/**
	* Enum value "CONNECT" for attribute {@link ATTR_HTTP_REQUEST_METHOD}.
	*
	* CONNECT method.
	*/
	const HTTP_REQUEST_METHOD_VALUE_CONNECT = "CONNECT";
	/**
	* Enum value "DELETE" for attribute {@link ATTR_HTTP_REQUEST_METHOD}.
	*
	* DELETE method.
	*/
	const HTTP_REQUEST_METHOD_VALUE_DELETE = "DELETE";
	/**
	* Enum value "GET" for attribute {@link ATTR_HTTP_REQUEST_METHOD}.
	*
	* GET method.
	*/
	const HTTP_REQUEST_METHOD_VALUE_GET = "GET";
	/**
	* Enum value "HEAD" for attribute {@link ATTR_HTTP_REQUEST_METHOD}.
	*
	* HEAD method.
	*/
	const HTTP_REQUEST_METHOD_VALUE_HEAD = "HEAD";
	/**
	* Enum value "OPTIONS" for attribute {@link ATTR_HTTP_REQUEST_METHOD}.
	*
	* OPTIONS method.
	*/
	const HTTP_REQUEST_METHOD_VALUE_OPTIONS = "OPTIONS";
	/**
	* Enum value "PATCH" for attribute {@link ATTR_HTTP_REQUEST_METHOD}.
	*
	* PATCH method.
	*/
	const HTTP_REQUEST_METHOD_VALUE_PATCH = "PATCH";
	/**
	* Enum value "POST" for attribute {@link ATTR_HTTP_REQUEST_METHOD}.
	*
	* POST method.
	*/
	const HTTP_REQUEST_METHOD_VALUE_POST = "POST";
	/**
	* Enum value "PUT" for attribute {@link ATTR_HTTP_REQUEST_METHOD}.
	*
	* PUT method.
	*/
	const HTTP_REQUEST_METHOD_VALUE_PUT = "PUT";
	/**
	* Enum value "TRACE" for attribute {@link ATTR_HTTP_REQUEST_METHOD}.
	*
	* TRACE method.
	*/
	const HTTP_REQUEST_METHOD_VALUE_TRACE = "TRACE";
	/**
	* Original HTTP method sent by the client in the request line.
	*
	* @example GeT
	* @example ACL
	* @example foo
	*/
	const ATTR_HTTP_REQUEST_METHOD_ORIGINAL = "http.request.method_original";
	/**
	* The ordinal number of request resending attempt (for any reason, including redirects).
	*
	* @example 3
	*
	* @note The resend count **SHOULD** be updated each time an HTTP request gets resent by the client, regardless of what was the cause of the resending (e.g. redirection, authorization failure, 503 Server Unavailable, network issues, or any other).
	*/
	const ATTR_HTTP_REQUEST_RESEND_COUNT = "http.request.resend_count";
	/**
	* HTTP response headers, `<key>` being the normalized HTTP Header name (lowercase), the value being the header values.
	*
	* @example ["application/json"]
	* @example ["abc", "def"]
	*
	* @note Instrumentations **SHOULD** require an explicit configuration of which headers are to be captured.
	* Including all response headers can be a security risk - explicit configuration helps avoid leaking sensitive information.
	*
	* Users **MAY** explicitly configure instrumentations to capture them even though it is not recommended.
	*
	* The attribute value **MUST** consist of either multiple header values as an array of strings
	* or a single-item array containing a possibly comma-concatenated string, depending on the way
	* the HTTP library provides access to headers.
	*
	* Examples:
	*
	*   - A header `Content-Type: application/json` header **SHOULD** be recorded as the `http.request.response.content-type`
	*     attribute with value `["application/json"]`.
	*   - A header `My-custom-header: abc, def` header **SHOULD** be recorded as the `http.response.header.my-custom-header`
	*     attribute with value `["abc", "def"]` or `["abc, def"]` depending on the HTTP library.
	*/
	const ATTR_HTTP_RESPONSE_HEADER = (key) => `http.response.header.${key}`;
	/**
	* [HTTP response status code](https://tools.ietf.org/html/rfc7231#section-6).
	*
	* @example 200
	*/
	const ATTR_HTTP_RESPONSE_STATUS_CODE = "http.response.status_code";
	/**
	* The matched route template for the request. This **MUST** be low-cardinality and include all static path segments, with dynamic path segments represented with placeholders.
	*
	* @example /users/:userID?
	* @example my-controller/my-action/{id?}
	*
	* @note **MUST NOT** be populated when this is not supported by the HTTP server framework as the route attribute should have low-cardinality and the URI path can NOT substitute it.
	* **SHOULD** include the [application root](/docs/http/http-spans.md#http-server-definitions) if there is one.
	*
	* A static path segment is a part of the route template with a fixed, low-cardinality value. This includes literal strings like `/users/` and placeholders that
	* are constrained to a finite, predefined set of values, e.g. `{controller}` or `{action}`.
	*
	* A dynamic path segment is a placeholder for a value that can have high cardinality and is not constrained to a predefined list like static path segments.
	*
	* Instrumentations **SHOULD** use routing information provided by the corresponding web framework. They **SHOULD** pick the most precise source of routing information and **MAY**
	* support custom route formatting. Instrumentations **SHOULD** document the format and the API used to obtain the route string.
	*/
	const ATTR_HTTP_ROUTE = "http.route";
	/**
	* Name of the garbage collector action.
	*
	* @example end of minor GC
	* @example end of major GC
	*
	* @note Garbage collector action is generally obtained via [GarbageCollectionNotificationInfo#getGcAction()](https://docs.oracle.com/en/java/javase/11/docs/api/jdk.management/com/sun/management/GarbageCollectionNotificationInfo.html#getGcAction()).
	*/
	const ATTR_JVM_GC_ACTION = "jvm.gc.action";
	/**
	* Name of the garbage collector.
	*
	* @example G1 Young Generation
	* @example G1 Old Generation
	*
	* @note Garbage collector name is generally obtained via [GarbageCollectionNotificationInfo#getGcName()](https://docs.oracle.com/en/java/javase/11/docs/api/jdk.management/com/sun/management/GarbageCollectionNotificationInfo.html#getGcName()).
	*/
	const ATTR_JVM_GC_NAME = "jvm.gc.name";
	/**
	* Name of the memory pool.
	*
	* @example G1 Old Gen
	* @example G1 Eden space
	* @example G1 Survivor Space
	*
	* @note Pool names are generally obtained via [MemoryPoolMXBean#getName()](https://docs.oracle.com/en/java/javase/11/docs/api/java.management/java/lang/management/MemoryPoolMXBean.html#getName()).
	*/
	const ATTR_JVM_MEMORY_POOL_NAME = "jvm.memory.pool.name";
	/**
	* The type of memory.
	*
	* @example heap
	* @example non_heap
	*/
	const ATTR_JVM_MEMORY_TYPE = "jvm.memory.type";
	/**
	* Enum value "heap" for attribute {@link ATTR_JVM_MEMORY_TYPE}.
	*
	* Heap memory.
	*/
	const JVM_MEMORY_TYPE_VALUE_HEAP = "heap";
	/**
	* Enum value "non_heap" for attribute {@link ATTR_JVM_MEMORY_TYPE}.
	*
	* Non-heap memory
	*/
	const JVM_MEMORY_TYPE_VALUE_NON_HEAP = "non_heap";
	/**
	* Whether the thread is daemon or not.
	*/
	const ATTR_JVM_THREAD_DAEMON = "jvm.thread.daemon";
	/**
	* State of the thread.
	*
	* @example runnable
	* @example blocked
	*/
	const ATTR_JVM_THREAD_STATE = "jvm.thread.state";
	/**
	* Enum value "blocked" for attribute {@link ATTR_JVM_THREAD_STATE}.
	*
	* A thread that is blocked waiting for a monitor lock is in this state.
	*/
	const JVM_THREAD_STATE_VALUE_BLOCKED = "blocked";
	/**
	* Enum value "new" for attribute {@link ATTR_JVM_THREAD_STATE}.
	*
	* A thread that has not yet started is in this state.
	*/
	const JVM_THREAD_STATE_VALUE_NEW = "new";
	/**
	* Enum value "runnable" for attribute {@link ATTR_JVM_THREAD_STATE}.
	*
	* A thread executing in the Java virtual machine is in this state.
	*/
	const JVM_THREAD_STATE_VALUE_RUNNABLE = "runnable";
	/**
	* Enum value "terminated" for attribute {@link ATTR_JVM_THREAD_STATE}.
	*
	* A thread that has exited is in this state.
	*/
	const JVM_THREAD_STATE_VALUE_TERMINATED = "terminated";
	/**
	* Enum value "timed_waiting" for attribute {@link ATTR_JVM_THREAD_STATE}.
	*
	* A thread that is waiting for another thread to perform an action for up to a specified waiting time is in this state.
	*/
	const JVM_THREAD_STATE_VALUE_TIMED_WAITING = "timed_waiting";
	/**
	* Enum value "waiting" for attribute {@link ATTR_JVM_THREAD_STATE}.
	*
	* A thread that is waiting indefinitely for another thread to perform a particular action is in this state.
	*/
	const JVM_THREAD_STATE_VALUE_WAITING = "waiting";
	/**
	* The name of the cluster.
	*
	* @example opentelemetry-cluster
	*/
	const ATTR_K8S_CLUSTER_NAME = "k8s.cluster.name";
	/**
	* A pseudo-ID for the cluster, set to the UID of the `kube-system` namespace.
	*
	* @example 218fc5a9-a5f1-4b54-aa05-46717d0ab26d
	*
	* @note K8s doesn't have support for obtaining a cluster ID. If this is ever
	* added, we will recommend collecting the `k8s.cluster.uid` through the
	* official APIs. In the meantime, we are able to use the `uid` of the
	* `kube-system` namespace as a proxy for cluster ID. Read on for the
	* rationale.
	*
	* Every object created in a K8s cluster is assigned a distinct UID. The
	* `kube-system` namespace is used by Kubernetes itself and will exist
	* for the lifetime of the cluster. Using the `uid` of the `kube-system`
	* namespace is a reasonable proxy for the K8s ClusterID as it will only
	* change if the cluster is rebuilt. Furthermore, Kubernetes UIDs are
	* UUIDs as standardized by
	* [ISO/IEC 9834-8 and ITU-T X.667](https://www.itu.int/ITU-T/studygroups/com17/oid.html).
	* Which states:
	*
	* > If generated according to one of the mechanisms defined in Rec.
	* > ITU-T X.667 | ISO/IEC 9834-8, a UUID is either guaranteed to be
	* > different from all other UUIDs generated before 3603 A.D., or is
	* > extremely likely to be different (depending on the mechanism chosen).
	*
	* Therefore, UIDs between clusters should be extremely unlikely to
	* conflict.
	*/
	const ATTR_K8S_CLUSTER_UID = "k8s.cluster.uid";
	/**
	* The name of the Container from Pod specification, must be unique within a Pod. Container runtime usually uses different globally unique name (`container.name`).
	*
	* @example redis
	*/
	const ATTR_K8S_CONTAINER_NAME = "k8s.container.name";
	/**
	* Number of times the container was restarted. This attribute can be used to identify a particular container (running or stopped) within a container spec.
	*/
	const ATTR_K8S_CONTAINER_RESTART_COUNT = "k8s.container.restart_count";
	/**
	* The cronjob annotation placed on the CronJob, the `<key>` being the annotation name, the value being the annotation value.
	*
	* @example 4
	* @example
	*
	* @note Examples:
	*
	*   - An annotation `retries` with value `4` **SHOULD** be recorded as the
	*     `k8s.cronjob.annotation.retries` attribute with value `"4"`.
	*   - An annotation `data` with empty string value **SHOULD** be recorded as
	*     the `k8s.cronjob.annotation.data` attribute with value `""`.
	*/
	const ATTR_K8S_CRONJOB_ANNOTATION = (key) => `k8s.cronjob.annotation.${key}`;
	/**
	* The label placed on the CronJob, the `<key>` being the label name, the value being the label value.
	*
	* @example weekly
	* @example
	*
	* @note Examples:
	*
	*   - A label `type` with value `weekly` **SHOULD** be recorded as the
	*     `k8s.cronjob.label.type` attribute with value `"weekly"`.
	*   - A label `automated` with empty string value **SHOULD** be recorded as
	*     the `k8s.cronjob.label.automated` attribute with value `""`.
	*/
	const ATTR_K8S_CRONJOB_LABEL = (key) => `k8s.cronjob.label.${key}`;
	/**
	* The name of the CronJob.
	*
	* @example opentelemetry
	*/
	const ATTR_K8S_CRONJOB_NAME = "k8s.cronjob.name";
	/**
	* The UID of the CronJob.
	*
	* @example 275ecb36-5aa8-4c2a-9c47-d8bb681b9aff
	*/
	const ATTR_K8S_CRONJOB_UID = "k8s.cronjob.uid";
	/**
	* The annotation placed on the DaemonSet, the `<key>` being the annotation name, the value being the annotation value, even if the value is empty.
	*
	* @example 1
	* @example
	*
	* @note
	* Examples:
	*
	*   - An annotation `replicas` with value `1` **SHOULD** be recorded
	*     as the `k8s.daemonset.annotation.replicas` attribute with value `"1"`.
	*   - An annotation `data` with empty string value **SHOULD** be recorded as
	*     the `k8s.daemonset.annotation.data` attribute with value `""`.
	*/
	const ATTR_K8S_DAEMONSET_ANNOTATION = (key) => `k8s.daemonset.annotation.${key}`;
	/**
	* The label placed on the DaemonSet, the `<key>` being the label name, the value being the label value, even if the value is empty.
	*
	* @example guestbook
	* @example
	*
	* @note
	* Examples:
	*
	*   - A label `app` with value `guestbook` **SHOULD** be recorded
	*     as the `k8s.daemonset.label.app` attribute with value `"guestbook"`.
	*   - A label `injected` with empty string value **SHOULD** be recorded as
	*     the `k8s.daemonset.label.injected` attribute with value `""`.
	*/
	const ATTR_K8S_DAEMONSET_LABEL = (key) => `k8s.daemonset.label.${key}`;
	/**
	* The name of the DaemonSet.
	*
	* @example opentelemetry
	*/
	const ATTR_K8S_DAEMONSET_NAME = "k8s.daemonset.name";
	/**
	* The UID of the DaemonSet.
	*
	* @example 275ecb36-5aa8-4c2a-9c47-d8bb681b9aff
	*/
	const ATTR_K8S_DAEMONSET_UID = "k8s.daemonset.uid";
	/**
	* The annotation placed on the Deployment, the `<key>` being the annotation name, the value being the annotation value, even if the value is empty.
	*
	* @example 1
	* @example
	*
	* @note
	* Examples:
	*
	*   - An annotation `replicas` with value `1` **SHOULD** be recorded
	*     as the `k8s.deployment.annotation.replicas` attribute with value `"1"`.
	*   - An annotation `data` with empty string value **SHOULD** be recorded as
	*     the `k8s.deployment.annotation.data` attribute with value `""`.
	*/
	const ATTR_K8S_DEPLOYMENT_ANNOTATION = (key) => `k8s.deployment.annotation.${key}`;
	/**
	* The label placed on the Deployment, the `<key>` being the label name, the value being the label value, even if the value is empty.
	*
	* @example guestbook
	* @example
	*
	* @note
	* Examples:
	*
	*   - A label `app` with value `guestbook` **SHOULD** be recorded
	*     as the `k8s.deployment.label.app` attribute with value `"guestbook"`.
	*   - A label `injected` with empty string value **SHOULD** be recorded as
	*     the `k8s.deployment.label.injected` attribute with value `""`.
	*/
	const ATTR_K8S_DEPLOYMENT_LABEL = (key) => `k8s.deployment.label.${key}`;
	/**
	* The name of the Deployment.
	*
	* @example opentelemetry
	*/
	const ATTR_K8S_DEPLOYMENT_NAME = "k8s.deployment.name";
	/**
	* The UID of the Deployment.
	*
	* @example 275ecb36-5aa8-4c2a-9c47-d8bb681b9aff
	*/
	const ATTR_K8S_DEPLOYMENT_UID = "k8s.deployment.uid";
	/**
	* The annotation placed on the Job, the `<key>` being the annotation name, the value being the annotation value, even if the value is empty.
	*
	* @example 1
	* @example
	*
	* @note
	* Examples:
	*
	*   - An annotation `number` with value `1` **SHOULD** be recorded
	*     as the `k8s.job.annotation.number` attribute with value `"1"`.
	*   - An annotation `data` with empty string value **SHOULD** be recorded as
	*     the `k8s.job.annotation.data` attribute with value `""`.
	*/
	const ATTR_K8S_JOB_ANNOTATION = (key) => `k8s.job.annotation.${key}`;
	/**
	* The label placed on the Job, the `<key>` being the label name, the value being the label value, even if the value is empty.
	*
	* @example ci
	* @example
	*
	* @note
	* Examples:
	*
	*   - A label `jobtype` with value `ci` **SHOULD** be recorded
	*     as the `k8s.job.label.jobtype` attribute with value `"ci"`.
	*   - A label `automated` with empty string value **SHOULD** be recorded as
	*     the `k8s.job.label.automated` attribute with value `""`.
	*/
	const ATTR_K8S_JOB_LABEL = (key) => `k8s.job.label.${key}`;
	/**
	* The name of the Job.
	*
	* @example opentelemetry
	*/
	const ATTR_K8S_JOB_NAME = "k8s.job.name";
	/**
	* The UID of the Job.
	*
	* @example 275ecb36-5aa8-4c2a-9c47-d8bb681b9aff
	*/
	const ATTR_K8S_JOB_UID = "k8s.job.uid";
	/**
	* The annotation placed on the Namespace, the `<key>` being the annotation name, the value being the annotation value, even if the value is empty.
	*
	* @example 0
	* @example
	*
	* @note
	* Examples:
	*
	*   - An annotation `ttl` with value `0` **SHOULD** be recorded
	*     as the `k8s.namespace.annotation.ttl` attribute with value `"0"`.
	*   - An annotation `data` with empty string value **SHOULD** be recorded as
	*     the `k8s.namespace.annotation.data` attribute with value `""`.
	*/
	const ATTR_K8S_NAMESPACE_ANNOTATION = (key) => `k8s.namespace.annotation.${key}`;
	/**
	* The label placed on the Namespace, the `<key>` being the label name, the value being the label value, even if the value is empty.
	*
	* @example default
	* @example
	*
	* @note
	* Examples:
	*
	*   - A label `kubernetes.io/metadata.name` with value `default` **SHOULD** be recorded
	*     as the `k8s.namespace.label.kubernetes.io/metadata.name` attribute with value `"default"`.
	*   - A label `data` with empty string value **SHOULD** be recorded as
	*     the `k8s.namespace.label.data` attribute with value `""`.
	*/
	const ATTR_K8S_NAMESPACE_LABEL = (key) => `k8s.namespace.label.${key}`;
	/**
	* The name of the namespace that the pod is running in.
	*
	* @example default
	*/
	const ATTR_K8S_NAMESPACE_NAME = "k8s.namespace.name";
	/**
	* The annotation placed on the Node, the `<key>` being the annotation name, the value being the annotation value, even if the value is empty.
	*
	* @example 0
	* @example
	*
	* @note Examples:
	*
	*   - An annotation `node.alpha.kubernetes.io/ttl` with value `0` **SHOULD** be recorded as
	*     the `k8s.node.annotation.node.alpha.kubernetes.io/ttl` attribute with value `"0"`.
	*   - An annotation `data` with empty string value **SHOULD** be recorded as
	*     the `k8s.node.annotation.data` attribute with value `""`.
	*/
	const ATTR_K8S_NODE_ANNOTATION = (key) => `k8s.node.annotation.${key}`;
	/**
	* The label placed on the Node, the `<key>` being the label name, the value being the label value, even if the value is empty.
	*
	* @example arm64
	* @example
	*
	* @note Examples:
	*
	*   - A label `kubernetes.io/arch` with value `arm64` **SHOULD** be recorded
	*     as the `k8s.node.label.kubernetes.io/arch` attribute with value `"arm64"`.
	*   - A label `data` with empty string value **SHOULD** be recorded as
	*     the `k8s.node.label.data` attribute with value `""`.
	*/
	const ATTR_K8S_NODE_LABEL = (key) => `k8s.node.label.${key}`;
	/**
	* The name of the Node.
	*
	* @example node-1
	*/
	const ATTR_K8S_NODE_NAME = "k8s.node.name";
	/**
	* The UID of the Node.
	*
	* @example 1eb3a0c6-0477-4080-a9cb-0cb7db65c6a2
	*/
	const ATTR_K8S_NODE_UID = "k8s.node.uid";
	/**
	* The annotation placed on the Pod, the `<key>` being the annotation name, the value being the annotation value.
	*
	* @example true
	* @example x64
	* @example
	*
	* @note Examples:
	*
	*   - An annotation `kubernetes.io/enforce-mountable-secrets` with value `true` **SHOULD** be recorded as
	*     the `k8s.pod.annotation.kubernetes.io/enforce-mountable-secrets` attribute with value `"true"`.
	*   - An annotation `mycompany.io/arch` with value `x64` **SHOULD** be recorded as
	*     the `k8s.pod.annotation.mycompany.io/arch` attribute with value `"x64"`.
	*   - An annotation `data` with empty string value **SHOULD** be recorded as
	*     the `k8s.pod.annotation.data` attribute with value `""`.
	*/
	const ATTR_K8S_POD_ANNOTATION = (key) => `k8s.pod.annotation.${key}`;
	/**
	* Specifies the hostname of the Pod.
	*
	* @example collector-gateway
	*
	* @note The K8s Pod spec has an optional hostname field, which can be used to specify a hostname.
	* Refer to [K8s docs](https://kubernetes.io/docs/concepts/services-networking/dns-pod-service/#pod-hostname-and-subdomain-field)
	* for more information about this field.
	*
	* This attribute aligns with the `hostname` field of the
	* [K8s PodSpec](https://kubernetes.io/docs/reference/generated/kubernetes-api/v1.34/#podspec-v1-core).
	*/
	const ATTR_K8S_POD_HOSTNAME = "k8s.pod.hostname";
	/**
	* IP address allocated to the Pod.
	*
	* @example 172.18.0.2
	*
	* @note This attribute aligns with the `podIP` field of the
	* [K8s PodStatus](https://kubernetes.io/docs/reference/generated/kubernetes-api/v1.34/#podstatus-v1-core).
	*/
	const ATTR_K8S_POD_IP = "k8s.pod.ip";
	/**
	* The label placed on the Pod, the `<key>` being the label name, the value being the label value.
	*
	* @example my-app
	* @example x64
	* @example
	*
	* @note Examples:
	*
	*   - A label `app` with value `my-app` **SHOULD** be recorded as
	*     the `k8s.pod.label.app` attribute with value `"my-app"`.
	*   - A label `mycompany.io/arch` with value `x64` **SHOULD** be recorded as
	*     the `k8s.pod.label.mycompany.io/arch` attribute with value `"x64"`.
	*   - A label `data` with empty string value **SHOULD** be recorded as
	*     the `k8s.pod.label.data` attribute with value `""`.
	*/
	const ATTR_K8S_POD_LABEL = (key) => `k8s.pod.label.${key}`;
	/**
	* The name of the Pod.
	*
	* @example opentelemetry-pod-autoconf
	*/
	const ATTR_K8S_POD_NAME = "k8s.pod.name";
	/**
	* The start timestamp of the Pod.
	*
	* @example 2025-12-04T08:41:03Z
	*
	* @note Date and time at which the object was acknowledged by the Kubelet.
	* This is before the Kubelet pulled the container image(s) for the pod.
	*
	* This attribute aligns with the `startTime` field of the
	* [K8s PodStatus](https://kubernetes.io/docs/reference/generated/kubernetes-api/v1.34/#podstatus-v1-core),
	* in ISO 8601 (RFC 3339 compatible) format.
	*/
	const ATTR_K8S_POD_START_TIME = "k8s.pod.start_time";
	/**
	* The UID of the Pod.
	*
	* @example 275ecb36-5aa8-4c2a-9c47-d8bb681b9aff
	*/
	const ATTR_K8S_POD_UID = "k8s.pod.uid";
	/**
	* The annotation placed on the ReplicaSet, the `<key>` being the annotation name, the value being the annotation value, even if the value is empty.
	*
	* @example 0
	* @example
	*
	* @note
	* Examples:
	*
	*   - An annotation `replicas` with value `0` **SHOULD** be recorded
	*     as the `k8s.replicaset.annotation.replicas` attribute with value `"0"`.
	*   - An annotation `data` with empty string value **SHOULD** be recorded as
	*     the `k8s.replicaset.annotation.data` attribute with value `""`.
	*/
	const ATTR_K8S_REPLICASET_ANNOTATION = (key) => `k8s.replicaset.annotation.${key}`;
	/**
	* The label placed on the ReplicaSet, the `<key>` being the label name, the value being the label value, even if the value is empty.
	*
	* @example guestbook
	* @example
	*
	* @note
	* Examples:
	*
	*   - A label `app` with value `guestbook` **SHOULD** be recorded
	*     as the `k8s.replicaset.label.app` attribute with value `"guestbook"`.
	*   - A label `injected` with empty string value **SHOULD** be recorded as
	*     the `k8s.replicaset.label.injected` attribute with value `""`.
	*/
	const ATTR_K8S_REPLICASET_LABEL = (key) => `k8s.replicaset.label.${key}`;
	/**
	* The name of the ReplicaSet.
	*
	* @example opentelemetry
	*/
	const ATTR_K8S_REPLICASET_NAME = "k8s.replicaset.name";
	/**
	* The UID of the ReplicaSet.
	*
	* @example 275ecb36-5aa8-4c2a-9c47-d8bb681b9aff
	*/
	const ATTR_K8S_REPLICASET_UID = "k8s.replicaset.uid";
	/**
	* The annotation placed on the StatefulSet, the `<key>` being the annotation name, the value being the annotation value, even if the value is empty.
	*
	* @example 1
	* @example
	*
	* @note
	* Examples:
	*
	*   - An annotation `replicas` with value `1` **SHOULD** be recorded
	*     as the `k8s.statefulset.annotation.replicas` attribute with value `"1"`.
	*   - An annotation `data` with empty string value **SHOULD** be recorded as
	*     the `k8s.statefulset.annotation.data` attribute with value `""`.
	*/
	const ATTR_K8S_STATEFULSET_ANNOTATION = (key) => `k8s.statefulset.annotation.${key}`;
	/**
	* The label placed on the StatefulSet, the `<key>` being the label name, the value being the label value, even if the value is empty.
	*
	* @example guestbook
	* @example
	*
	* @note
	* Examples:
	*
	*   - A label `app` with value `guestbook` **SHOULD** be recorded
	*     as the `k8s.statefulset.label.app` attribute with value `"guestbook"`.
	*   - A label `injected` with empty string value **SHOULD** be recorded as
	*     the `k8s.statefulset.label.injected` attribute with value `""`.
	*/
	const ATTR_K8S_STATEFULSET_LABEL = (key) => `k8s.statefulset.label.${key}`;
	/**
	* The name of the StatefulSet.
	*
	* @example opentelemetry
	*/
	const ATTR_K8S_STATEFULSET_NAME = "k8s.statefulset.name";
	/**
	* The UID of the StatefulSet.
	*
	* @example 275ecb36-5aa8-4c2a-9c47-d8bb681b9aff
	*/
	const ATTR_K8S_STATEFULSET_UID = "k8s.statefulset.uid";
	/**
	* Local address of the network connection - IP address or UNIX domain socket name.
	*
	* @example 10.1.2.80
	* @example /tmp/my.sock
	*/
	const ATTR_NETWORK_LOCAL_ADDRESS = "network.local.address";
	/**
	* Local port number of the network connection.
	*
	* @example 65123
	*/
	const ATTR_NETWORK_LOCAL_PORT = "network.local.port";
	/**
	* Peer address of the network connection - IP address or UNIX domain socket name.
	*
	* @example 10.1.2.80
	* @example /tmp/my.sock
	*/
	const ATTR_NETWORK_PEER_ADDRESS = "network.peer.address";
	/**
	* Peer port number of the network connection.
	*
	* @example 65123
	*/
	const ATTR_NETWORK_PEER_PORT = "network.peer.port";
	/**
	* [OSI application layer](https://wikipedia.org/wiki/Application_layer) or non-OSI equivalent.
	*
	* @example amqp
	* @example http
	* @example mqtt
	*
	* @note The value **SHOULD** be normalized to lowercase.
	*/
	const ATTR_NETWORK_PROTOCOL_NAME = "network.protocol.name";
	/**
	* The actual version of the protocol used for network communication.
	*
	* @example 1.1
	* @example 2
	*
	* @note If protocol version is subject to negotiation (for example using [ALPN](https://www.rfc-editor.org/rfc/rfc7301.html)), this attribute **SHOULD** be set to the negotiated version. If the actual protocol version is not known, this attribute **SHOULD NOT** be set.
	*/
	const ATTR_NETWORK_PROTOCOL_VERSION = "network.protocol.version";
	/**
	* [OSI transport layer](https://wikipedia.org/wiki/Transport_layer) or [inter-process communication method](https://wikipedia.org/wiki/Inter-process_communication).
	*
	* @example tcp
	* @example udp
	*
	* @note The value **SHOULD** be normalized to lowercase.
	*
	* Consider always setting the transport when setting a port number, since
	* a port number is ambiguous without knowing the transport. For example
	* different processes could be listening on TCP port 12345 and UDP port 12345.
	*/
	const ATTR_NETWORK_TRANSPORT = "network.transport";
	/**
	* Enum value "pipe" for attribute {@link ATTR_NETWORK_TRANSPORT}.
	*
	* Named or anonymous pipe.
	*/
	const NETWORK_TRANSPORT_VALUE_PIPE = "pipe";
	/**
	* Enum value "quic" for attribute {@link ATTR_NETWORK_TRANSPORT}.
	*
	* QUIC
	*/
	const NETWORK_TRANSPORT_VALUE_QUIC = "quic";
	/**
	* Enum value "tcp" for attribute {@link ATTR_NETWORK_TRANSPORT}.
	*
	* TCP
	*/
	const NETWORK_TRANSPORT_VALUE_TCP = "tcp";
	/**
	* Enum value "udp" for attribute {@link ATTR_NETWORK_TRANSPORT}.
	*
	* UDP
	*/
	const NETWORK_TRANSPORT_VALUE_UDP = "udp";
	/**
	* Enum value "unix" for attribute {@link ATTR_NETWORK_TRANSPORT}.
	*
	* UNIX domain socket
	*/
	const NETWORK_TRANSPORT_VALUE_UNIX = "unix";
	/**
	* [OSI network layer](https://wikipedia.org/wiki/Network_layer) or non-OSI equivalent.
	*
	* @example ipv4
	* @example ipv6
	*
	* @note The value **SHOULD** be normalized to lowercase.
	*/
	const ATTR_NETWORK_TYPE = "network.type";
	/**
	* Enum value "ipv4" for attribute {@link ATTR_NETWORK_TYPE}.
	*
	* IPv4
	*/
	const NETWORK_TYPE_VALUE_IPV4 = "ipv4";
	/**
	* Enum value "ipv6" for attribute {@link ATTR_NETWORK_TYPE}.
	*
	* IPv6
	*/
	const NETWORK_TYPE_VALUE_IPV6 = "ipv6";
	/**
	* Identifies the class / type of event.
	*
	* @example browser.mouse.click
	* @example device.app.lifecycle
	*
	* @note This attribute **SHOULD** be used by non-OTLP exporters when destination does not support `EventName` or equivalent field. This attribute **MAY** be used by applications using existing logging libraries so that it can be used to set the `EventName` field by Collector or SDK components.
	*/
	const ATTR_OTEL_EVENT_NAME = "otel.event.name";
	/**
	* The name of the instrumentation scope - (`InstrumentationScope.Name` in OTLP).
	*
	* @example io.opentelemetry.contrib.mongodb
	*/
	const ATTR_OTEL_SCOPE_NAME = "otel.scope.name";
	/**
	* The version of the instrumentation scope - (`InstrumentationScope.Version` in OTLP).
	*
	* @example 1.0.0
	*/
	const ATTR_OTEL_SCOPE_VERSION = "otel.scope.version";
	/**
	* Name of the code, either "OK" or "ERROR". **MUST NOT** be set if the status code is UNSET.
	*/
	const ATTR_OTEL_STATUS_CODE = "otel.status_code";
	/**
	* Enum value "ERROR" for attribute {@link ATTR_OTEL_STATUS_CODE}.
	*
	* The operation contains an error.
	*/
	const OTEL_STATUS_CODE_VALUE_ERROR = "ERROR";
	/**
	* Enum value "OK" for attribute {@link ATTR_OTEL_STATUS_CODE}.
	*
	* The operation has been validated by an Application developer or Operator to have completed successfully.
	*/
	const OTEL_STATUS_CODE_VALUE_OK = "OK";
	/**
	* Description of the Status if it has a value, otherwise not set.
	*
	* @example resource not found
	*/
	const ATTR_OTEL_STATUS_DESCRIPTION = "otel.status_description";
	/**
	* The fully-qualified logical name of the method from the RPC interface perspective.
	*
	* @example com.example.ExampleService/exampleMethod
	* @example EchoService/Echo
	* @example _OTHER
	*
	* @note The method name **MAY** have unbounded cardinality in edge or error cases.
	*
	* Some RPC frameworks or libraries provide a fixed set of recognized methods
	* for client stubs and server implementations. Instrumentations for such
	* frameworks **MUST** set this attribute to the original method name only
	* when the method is recognized by the framework or library.
	*
	* When the method is not recognized, for example, when the server receives
	* a request for a method that is not predefined on the server, or when
	* instrumentation is not able to reliably detect if the method is predefined,
	* the attribute **MUST** be set to `_OTHER`.
	*
	* If the RPC instrumentation could end up converting valid RPC methods to
	* `_OTHER`, then it **SHOULD** provide a way to configure the list of recognized
	* RPC methods.
	*
	* The `rpc.method` can be different from the name of any implementing
	* method/function.
	* The `code.function.name` attribute may be used to record the fully-qualified
	* method actually executing the call on the server side, or the
	* RPC client stub method on the client side.
	*/
	const ATTR_RPC_METHOD = "rpc.method";
	/**
	* The original name of the method used by the client.
	*
	* @example com.myservice.EchoService/catchAll
	* @example com.myservice.EchoService/unknownMethod
	* @example InvalidMethod
	*/
	const ATTR_RPC_METHOD_ORIGINAL = "rpc.method_original";
	/**
	* Status code of the RPC returned by the RPC server or generated by the client
	*
	* @example OK
	* @example DEADLINE_EXCEEDED
	* @example -32602
	*
	* @note Usually it represents an error code, but may also represent partial success, warning, or differentiate between various types of successful outcomes.
	* The value **MAY** use a standardized string representation of a numeric status code, if one exists, instead of the numeric code. The value **MAY** be a synthetic status provided by the client library rather than returned by the remote service.
	* Semantic conventions for individual RPC frameworks **SHOULD** document what `rpc.status_code` means in the context of that system and which values are considered to represent errors.
	*/
	const ATTR_RPC_STATUS_CODE = "rpc.status_code";
	/**
	* The Remote Procedure Call (RPC) system.
	*
	* @note The client and server RPC systems may differ for the same RPC interaction. For example, a client may use Apache Dubbo or Connect RPC to communicate with a server that uses gRPC since both protocols provide compatibility with gRPC.
	*/
	const ATTR_RPC_SYSTEM_NAME = "rpc.system.name";
	/**
	* Enum value "dubbo" for attribute {@link ATTR_RPC_SYSTEM_NAME}.
	*
	* [Apache Dubbo](https://dubbo.apache.org/)
	*/
	const RPC_SYSTEM_NAME_VALUE_DUBBO = "dubbo";
	/**
	* Enum value "grpc" for attribute {@link ATTR_RPC_SYSTEM_NAME}.
	*
	* [gRPC](https://grpc.io/)
	*/
	const RPC_SYSTEM_NAME_VALUE_GRPC = "grpc";
	/**
	* Server domain name if available without reverse DNS lookup; otherwise, IP address or UNIX domain socket name.
	*
	* @example example.com
	* @example 10.1.2.80
	* @example /tmp/my.sock
	*
	* @note When observed from the client side, and when communicating through an intermediary, `server.address` **SHOULD** represent the server address behind any intermediaries, for example proxies, if it's available.
	*/
	const ATTR_SERVER_ADDRESS = "server.address";
	/**
	* Server port number.
	*
	* @example 80
	* @example 8080
	* @example 443
	*
	* @note When observed from the client side, and when communicating through an intermediary, `server.port` **SHOULD** represent the server port behind any intermediaries, for example proxies, if it's available.
	*/
	const ATTR_SERVER_PORT = "server.port";
	/**
	* The string ID of the service instance.
	*
	* @example 627cc493-f310-47de-96bd-71410b7dec09
	*
	* @note **MUST** be unique for each instance of the same `service.namespace,service.name` pair (in other words
	* `service.namespace,service.name,service.instance.id` triplet **MUST** be globally unique). The ID helps to
	* distinguish instances of the same service that exist at the same time (e.g. instances of a horizontally scaled
	* service).
	*
	* Implementations, such as SDKs, are recommended to generate a random Version 1 or Version 4 [RFC
	* 4122](https://www.ietf.org/rfc/rfc4122.txt) UUID, but are free to use an inherent unique ID as the source of
	* this value if stability is desirable. In that case, the ID **SHOULD** be used as source of a UUID Version 5 and
	* **SHOULD** use the following UUID as the namespace: `4d63009a-8d0f-11ee-aad7-4c796ed8e320`.
	*
	* UUIDs are typically recommended, as only an opaque value for the purposes of identifying a service instance is
	* needed. Similar to what can be seen in the man page for the
	* [`/etc/machine-id`](https://www.freedesktop.org/software/systemd/man/latest/machine-id.html) file, the underlying
	* data, such as pod name and namespace should be treated as confidential, being the user's choice to expose it
	* or not via another resource attribute.
	*
	* For applications running behind an application server (like unicorn), we do not recommend using one identifier
	* for all processes participating in the application. Instead, it's recommended each division (e.g. a worker
	* thread in unicorn) to have its own instance.id.
	*
	* It's not recommended for a Collector to set `service.instance.id` if it can't unambiguously determine the
	* service instance that is generating that telemetry. For instance, creating an UUID based on `pod.name` will
	* likely be wrong, as the Collector might not know from which container within that pod the telemetry originated.
	* However, Collectors can set the `service.instance.id` if they can unambiguously determine the service instance
	* for that telemetry. This is typically the case for scraping receivers, as they know the target address and
	* port.
	*/
	const ATTR_SERVICE_INSTANCE_ID = "service.instance.id";
	/**
	* Logical name of the service.
	*
	* @example shoppingcart
	*
	* @note **MUST** be the same for all instances of horizontally scaled services. If the value was not specified, SDKs **MUST** fallback to `unknown_service:` concatenated with the process executable name, e.g. `unknown_service:bash`. If the process executable name is not available, the value **MUST** be set to `unknown_service`.
	* The process executable name is the name of the process executable, the same value as described by the [`process.executable.name`](process.md) resource attribute.
	*/
	const ATTR_SERVICE_NAME = "service.name";
	/**
	* A namespace for `service.name`.
	*
	* @example Shop
	*
	* @note A string value having a meaning that helps to distinguish a group of services, for example the team name that owns a group of services. `service.name` is expected to be unique within the same namespace. If `service.namespace` is not specified in the Resource then `service.name` is expected to be unique for all services that have no explicit namespace defined (so the empty/unspecified namespace is simply one more valid namespace). Zero-length namespace string is assumed equal to unspecified namespace.
	*/
	const ATTR_SERVICE_NAMESPACE = "service.namespace";
	/**
	* The version string of the service component. The format is not defined by these conventions.
	*
	* @example 2.0.0
	* @example a01dbef8a
	*/
	const ATTR_SERVICE_VERSION = "service.version";
	/**
	* SignalR HTTP connection closure status.
	*
	* @example app_shutdown
	* @example timeout
	*/
	const ATTR_SIGNALR_CONNECTION_STATUS = "signalr.connection.status";
	/**
	* Enum value "app_shutdown" for attribute {@link ATTR_SIGNALR_CONNECTION_STATUS}.
	*
	* The connection was closed because the app is shutting down.
	*/
	const SIGNALR_CONNECTION_STATUS_VALUE_APP_SHUTDOWN = "app_shutdown";
	/**
	* Enum value "normal_closure" for attribute {@link ATTR_SIGNALR_CONNECTION_STATUS}.
	*
	* The connection was closed normally.
	*/
	const SIGNALR_CONNECTION_STATUS_VALUE_NORMAL_CLOSURE = "normal_closure";
	/**
	* Enum value "timeout" for attribute {@link ATTR_SIGNALR_CONNECTION_STATUS}.
	*
	* The connection was closed due to a timeout.
	*/
	const SIGNALR_CONNECTION_STATUS_VALUE_TIMEOUT = "timeout";
	/**
	* [SignalR transport type](https://github.com/dotnet/aspnetcore/blob/main/src/SignalR/docs/specs/TransportProtocols.md)
	*
	* @example web_sockets
	* @example long_polling
	*/
	const ATTR_SIGNALR_TRANSPORT = "signalr.transport";
	/**
	* Enum value "long_polling" for attribute {@link ATTR_SIGNALR_TRANSPORT}.
	*
	* LongPolling protocol
	*/
	const SIGNALR_TRANSPORT_VALUE_LONG_POLLING = "long_polling";
	/**
	* Enum value "server_sent_events" for attribute {@link ATTR_SIGNALR_TRANSPORT}.
	*
	* ServerSentEvents protocol
	*/
	const SIGNALR_TRANSPORT_VALUE_SERVER_SENT_EVENTS = "server_sent_events";
	/**
	* Enum value "web_sockets" for attribute {@link ATTR_SIGNALR_TRANSPORT}.
	*
	* WebSockets protocol
	*/
	const SIGNALR_TRANSPORT_VALUE_WEB_SOCKETS = "web_sockets";
	/**
	* The name of the auto instrumentation agent or distribution, if used.
	*
	* @example parts-unlimited-java
	*
	* @note Official auto instrumentation agents and distributions **SHOULD** set the `telemetry.distro.name` attribute to
	* a string starting with `opentelemetry-`, e.g. `opentelemetry-java-instrumentation`.
	*/
	const ATTR_TELEMETRY_DISTRO_NAME = "telemetry.distro.name";
	/**
	* The version string of the auto instrumentation agent or distribution, if used.
	*
	* @example 1.2.3
	*/
	const ATTR_TELEMETRY_DISTRO_VERSION = "telemetry.distro.version";
	/**
	* The language of the telemetry SDK.
	*/
	const ATTR_TELEMETRY_SDK_LANGUAGE = "telemetry.sdk.language";
	/**
	* Enum value "cpp" for attribute {@link ATTR_TELEMETRY_SDK_LANGUAGE}.
	*
	* [C++](https://opentelemetry.io/docs/languages/cpp/)
	*/
	const TELEMETRY_SDK_LANGUAGE_VALUE_CPP = "cpp";
	/**
	* Enum value "dotnet" for attribute {@link ATTR_TELEMETRY_SDK_LANGUAGE}.
	*
	* [.NET](https://opentelemetry.io/docs/languages/dotnet/)
	*/
	const TELEMETRY_SDK_LANGUAGE_VALUE_DOTNET = "dotnet";
	/**
	* Enum value "erlang" for attribute {@link ATTR_TELEMETRY_SDK_LANGUAGE}.
	*
	* [Erlang/Elixir](https://opentelemetry.io/docs/languages/erlang/)
	*/
	const TELEMETRY_SDK_LANGUAGE_VALUE_ERLANG = "erlang";
	/**
	* Enum value "go" for attribute {@link ATTR_TELEMETRY_SDK_LANGUAGE}.
	*
	* [Go](https://opentelemetry.io/docs/languages/go/)
	*/
	const TELEMETRY_SDK_LANGUAGE_VALUE_GO = "go";
	/**
	* Enum value "java" for attribute {@link ATTR_TELEMETRY_SDK_LANGUAGE}.
	*
	* [Java](https://opentelemetry.io/docs/languages/java/)
	*/
	const TELEMETRY_SDK_LANGUAGE_VALUE_JAVA = "java";
	/**
	* Enum value "kotlin" for attribute {@link ATTR_TELEMETRY_SDK_LANGUAGE}.
	*
	* [Kotlin](https://opentelemetry.io/docs/languages/kotlin/)
	*/
	const TELEMETRY_SDK_LANGUAGE_VALUE_KOTLIN = "kotlin";
	/**
	* Enum value "nodejs" for attribute {@link ATTR_TELEMETRY_SDK_LANGUAGE}.
	*
	* [Node.js](https://opentelemetry.io/docs/languages/js/)
	*/
	const TELEMETRY_SDK_LANGUAGE_VALUE_NODEJS = "nodejs";
	/**
	* Enum value "php" for attribute {@link ATTR_TELEMETRY_SDK_LANGUAGE}.
	*
	* [PHP](https://opentelemetry.io/docs/languages/php/)
	*/
	const TELEMETRY_SDK_LANGUAGE_VALUE_PHP = "php";
	/**
	* Enum value "python" for attribute {@link ATTR_TELEMETRY_SDK_LANGUAGE}.
	*
	* [Python](https://opentelemetry.io/docs/languages/python/)
	*/
	const TELEMETRY_SDK_LANGUAGE_VALUE_PYTHON = "python";
	/**
	* Enum value "ruby" for attribute {@link ATTR_TELEMETRY_SDK_LANGUAGE}.
	*
	* [Ruby](https://opentelemetry.io/docs/languages/ruby/)
	*/
	const TELEMETRY_SDK_LANGUAGE_VALUE_RUBY = "ruby";
	/**
	* Enum value "rust" for attribute {@link ATTR_TELEMETRY_SDK_LANGUAGE}.
	*
	* [Rust](https://opentelemetry.io/docs/languages/rust/)
	*/
	const TELEMETRY_SDK_LANGUAGE_VALUE_RUST = "rust";
	/**
	* Enum value "swift" for attribute {@link ATTR_TELEMETRY_SDK_LANGUAGE}.
	*
	* [Swift](https://opentelemetry.io/docs/languages/swift/)
	*/
	const TELEMETRY_SDK_LANGUAGE_VALUE_SWIFT = "swift";
	/**
	* Enum value "webjs" for attribute {@link ATTR_TELEMETRY_SDK_LANGUAGE}.
	*
	* [Browser](https://opentelemetry.io/docs/languages/js/)
	*/
	const TELEMETRY_SDK_LANGUAGE_VALUE_WEBJS = "webjs";
	/**
	* The name of the telemetry SDK as defined above.
	*
	* @example opentelemetry
	*
	* @note The OpenTelemetry SDK **MUST** set the `telemetry.sdk.name` attribute to `opentelemetry`.
	* If another SDK, like a fork or a vendor-provided implementation, is used, this SDK **MUST** set the
	* `telemetry.sdk.name` attribute to the fully-qualified class or module name of this SDK's main entry point
	* or another suitable identifier depending on the language.
	* The identifier `opentelemetry` is reserved and **MUST NOT** be used in this case.
	* All custom identifiers **SHOULD** be stable across different versions of an implementation.
	*/
	const ATTR_TELEMETRY_SDK_NAME = "telemetry.sdk.name";
	/**
	* The version string of the telemetry SDK.
	*
	* @example 1.2.3
	*/
	const ATTR_TELEMETRY_SDK_VERSION = "telemetry.sdk.version";
	/**
	* The [URI fragment](https://www.rfc-editor.org/rfc/rfc3986#section-3.5) component
	*
	* @example SemConv
	*/
	const ATTR_URL_FRAGMENT = "url.fragment";
	/**
	* Absolute URL describing a network resource according to [RFC3986](https://www.rfc-editor.org/rfc/rfc3986)
	*
	* @example https://www.foo.bar/search?q=OpenTelemetry#SemConv
	* @example //localhost
	*
	* @note For network calls, URL usually has `scheme://host[:port][path][?query][#fragment]` format, where the fragment
	* is not transmitted over HTTP, but if it is known, it **SHOULD** be included nevertheless.
	*
	* `url.full` **MUST NOT** contain credentials passed via URL in form of `https://username:password@www.example.com/`.
	* In such case username and password **SHOULD** be redacted and attribute's value **SHOULD** be `https://REDACTED:REDACTED@www.example.com/`.
	*
	* `url.full` **SHOULD** capture the absolute URL when it is available (or can be reconstructed).
	*
	* Sensitive content provided in `url.full` **SHOULD** be scrubbed when instrumentations can identify it.
	*
	*
	* Query string values for the following keys **SHOULD** be redacted by default and replaced by the
	* value `REDACTED`:
	*
	*   - [`X-Amz-Signature`](https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-authentication-methods.html)
	*   - [`X-Amz-Credential`](https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-authentication-methods.html)
	*   - [`X-Amz-Security-Token`](https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-authentication-methods.html)
	*   - [`AWSAccessKeyId`](https://docs.aws.amazon.com/AmazonS3/latest/developerguide/RESTAuthentication.html#RESTAuthenticationQueryStringAuth)
	*   - [`Signature`](https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/private-content-creating-signed-url-canned-policy.html)
	*   - [`sig`](https://learn.microsoft.com/azure/storage/common/storage-sas-overview#sas-token)
	*   - [`X-Goog-Signature`](https://cloud.google.com/storage/docs/access-control/signed-urls)
	*
	* Several of these keys are used by more than one service or signing scheme. Each link
	* points to one representative usage rather than an exhaustive list, and does not narrow
	* the scope of the key to the linked service or signing scheme.
	*
	* This list is subject to change over time.
	*
	* Matching of query parameter keys against the sensitive list **SHOULD** be case-sensitive.
	*
	*
	* Instrumentation **MAY** provide a way to override this list via declarative configuration.
	* If so, it **SHOULD** use the `sensitive_query_parameters` property
	* (an array of case-sensitive strings with minimum items 0) under
	* `.instrumentation/development.general.sanitization.url`.
	* This list is a full override of the default sensitive query parameter keys,
	* it is not a list of keys in addition to the defaults.
	*
	* When a query string value is redacted, the query string key **SHOULD** still be preserved, e.g.
	* `https://www.example.com/path?color=blue&sig=REDACTED`.
	*/
	const ATTR_URL_FULL = "url.full";
	/**
	* The [URI path](https://www.rfc-editor.org/rfc/rfc3986#section-3.3) component
	*
	* @example /search
	*
	* @note Sensitive content provided in `url.path` **SHOULD** be scrubbed when instrumentations can identify it.
	*/
	const ATTR_URL_PATH = "url.path";
	/**
	* The [URI query](https://www.rfc-editor.org/rfc/rfc3986#section-3.4) component
	*
	* @example q=OpenTelemetry
	*
	* @note Sensitive content provided in `url.query` **SHOULD** be scrubbed when instrumentations can identify it.
	*
	*
	* Query string values for the following keys **SHOULD** be redacted by default and replaced by the value `REDACTED`:
	*
	*   - [`X-Amz-Signature`](https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-authentication-methods.html)
	*   - [`X-Amz-Credential`](https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-authentication-methods.html)
	*   - [`X-Amz-Security-Token`](https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-authentication-methods.html)
	*   - [`AWSAccessKeyId`](https://docs.aws.amazon.com/AmazonS3/latest/developerguide/RESTAuthentication.html#RESTAuthenticationQueryStringAuth)
	*   - [`Signature`](https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/private-content-creating-signed-url-canned-policy.html)
	*   - [`sig`](https://learn.microsoft.com/azure/storage/common/storage-sas-overview#sas-token)
	*   - [`X-Goog-Signature`](https://cloud.google.com/storage/docs/access-control/signed-urls)
	*
	* Several of these keys are used by more than one service or signing scheme. Each link
	* points to one representative usage rather than an exhaustive list, and does not narrow
	* the scope of the key to the linked service or signing scheme.
	*
	* This list is subject to change over time.
	*
	* Matching of query parameter keys against the sensitive list **SHOULD** be case-sensitive.
	*
	* Instrumentation **MAY** provide a way to override this list via declarative configuration.
	* If so, it **SHOULD** use the `sensitive_query_parameters` property
	* (an array of case-sensitive strings with minimum items 0) under
	* `.instrumentation/development.general.sanitization.url`.
	* This list is a full override of the default sensitive query parameter keys,
	* it is not a list of keys in addition to the defaults.
	*
	* When a query string value is redacted, the query string key **SHOULD** still be preserved, e.g.
	* `q=OpenTelemetry&sig=REDACTED`.
	*/
	const ATTR_URL_QUERY = "url.query";
	/**
	* The [URI scheme](https://www.rfc-editor.org/rfc/rfc3986#section-3.1) component identifying the used protocol.
	*
	* @example https
	* @example ftp
	* @example telnet
	*/
	const ATTR_URL_SCHEME = "url.scheme";
	/**
	* Value of the [HTTP User-Agent](https://www.rfc-editor.org/rfc/rfc9110.html#field.user-agent) header sent by the client.
	*
	* @example CERN-LineMode/2.15 libwww/2.17b3
	* @example Mozilla/5.0 (iPhone; CPU iPhone OS 14_7_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/14.1.2 Mobile/15E148 Safari/604.1
	* @example YourApp/1.0.0 grpc-java-okhttp/1.27.2
	*/
	const ATTR_USER_AGENT_ORIGINAL = "user_agent.original";
	exports.ASPNETCORE_DIAGNOSTICS_EXCEPTION_RESULT_VALUE_ABORTED = ASPNETCORE_DIAGNOSTICS_EXCEPTION_RESULT_VALUE_ABORTED;
	exports.ASPNETCORE_DIAGNOSTICS_EXCEPTION_RESULT_VALUE_HANDLED = ASPNETCORE_DIAGNOSTICS_EXCEPTION_RESULT_VALUE_HANDLED;
	exports.ASPNETCORE_DIAGNOSTICS_EXCEPTION_RESULT_VALUE_SKIPPED = ASPNETCORE_DIAGNOSTICS_EXCEPTION_RESULT_VALUE_SKIPPED;
	exports.ASPNETCORE_DIAGNOSTICS_EXCEPTION_RESULT_VALUE_UNHANDLED = ASPNETCORE_DIAGNOSTICS_EXCEPTION_RESULT_VALUE_UNHANDLED;
	exports.ASPNETCORE_RATE_LIMITING_RESULT_VALUE_ACQUIRED = ASPNETCORE_RATE_LIMITING_RESULT_VALUE_ACQUIRED;
	exports.ASPNETCORE_RATE_LIMITING_RESULT_VALUE_ENDPOINT_LIMITER = ASPNETCORE_RATE_LIMITING_RESULT_VALUE_ENDPOINT_LIMITER;
	exports.ASPNETCORE_RATE_LIMITING_RESULT_VALUE_GLOBAL_LIMITER = ASPNETCORE_RATE_LIMITING_RESULT_VALUE_GLOBAL_LIMITER;
	exports.ASPNETCORE_RATE_LIMITING_RESULT_VALUE_REQUEST_CANCELED = ASPNETCORE_RATE_LIMITING_RESULT_VALUE_REQUEST_CANCELED;
	exports.ASPNETCORE_ROUTING_MATCH_STATUS_VALUE_FAILURE = ASPNETCORE_ROUTING_MATCH_STATUS_VALUE_FAILURE;
	exports.ASPNETCORE_ROUTING_MATCH_STATUS_VALUE_SUCCESS = ASPNETCORE_ROUTING_MATCH_STATUS_VALUE_SUCCESS;
	exports.ATTR_ASPNETCORE_DIAGNOSTICS_EXCEPTION_RESULT = ATTR_ASPNETCORE_DIAGNOSTICS_EXCEPTION_RESULT;
	exports.ATTR_ASPNETCORE_DIAGNOSTICS_HANDLER_TYPE = ATTR_ASPNETCORE_DIAGNOSTICS_HANDLER_TYPE;
	exports.ATTR_ASPNETCORE_RATE_LIMITING_POLICY = ATTR_ASPNETCORE_RATE_LIMITING_POLICY;
	exports.ATTR_ASPNETCORE_RATE_LIMITING_RESULT = ATTR_ASPNETCORE_RATE_LIMITING_RESULT;
	exports.ATTR_ASPNETCORE_REQUEST_IS_UNHANDLED = ATTR_ASPNETCORE_REQUEST_IS_UNHANDLED;
	exports.ATTR_ASPNETCORE_ROUTING_IS_FALLBACK = ATTR_ASPNETCORE_ROUTING_IS_FALLBACK;
	exports.ATTR_ASPNETCORE_ROUTING_MATCH_STATUS = ATTR_ASPNETCORE_ROUTING_MATCH_STATUS;
	exports.ATTR_ASPNETCORE_USER_IS_AUTHENTICATED = ATTR_ASPNETCORE_USER_IS_AUTHENTICATED;
	exports.ATTR_CLIENT_ADDRESS = ATTR_CLIENT_ADDRESS;
	exports.ATTR_CLIENT_PORT = ATTR_CLIENT_PORT;
	exports.ATTR_CODE_COLUMN_NUMBER = ATTR_CODE_COLUMN_NUMBER;
	exports.ATTR_CODE_FILE_PATH = ATTR_CODE_FILE_PATH;
	exports.ATTR_CODE_FUNCTION_NAME = ATTR_CODE_FUNCTION_NAME;
	exports.ATTR_CODE_LINE_NUMBER = ATTR_CODE_LINE_NUMBER;
	exports.ATTR_CODE_STACKTRACE = ATTR_CODE_STACKTRACE;
	exports.ATTR_CONTAINER_ID = ATTR_CONTAINER_ID;
	exports.ATTR_CONTAINER_IMAGE_NAME = ATTR_CONTAINER_IMAGE_NAME;
	exports.ATTR_CONTAINER_IMAGE_REPO_DIGESTS = ATTR_CONTAINER_IMAGE_REPO_DIGESTS;
	exports.ATTR_CONTAINER_IMAGE_TAGS = ATTR_CONTAINER_IMAGE_TAGS;
	exports.ATTR_DB_COLLECTION_NAME = ATTR_DB_COLLECTION_NAME;
	exports.ATTR_DB_NAMESPACE = ATTR_DB_NAMESPACE;
	exports.ATTR_DB_OPERATION_BATCH_SIZE = ATTR_DB_OPERATION_BATCH_SIZE;
	exports.ATTR_DB_OPERATION_NAME = ATTR_DB_OPERATION_NAME;
	exports.ATTR_DB_QUERY_SUMMARY = ATTR_DB_QUERY_SUMMARY;
	exports.ATTR_DB_QUERY_TEXT = ATTR_DB_QUERY_TEXT;
	exports.ATTR_DB_RESPONSE_STATUS_CODE = ATTR_DB_RESPONSE_STATUS_CODE;
	exports.ATTR_DB_STORED_PROCEDURE_NAME = ATTR_DB_STORED_PROCEDURE_NAME;
	exports.ATTR_DB_SYSTEM_NAME = ATTR_DB_SYSTEM_NAME;
	exports.ATTR_DEPLOYMENT_ENVIRONMENT_NAME = ATTR_DEPLOYMENT_ENVIRONMENT_NAME;
	exports.ATTR_DOTNET_GC_HEAP_GENERATION = ATTR_DOTNET_GC_HEAP_GENERATION;
	exports.ATTR_ERROR_TYPE = ATTR_ERROR_TYPE;
	exports.ATTR_EXCEPTION_ESCAPED = ATTR_EXCEPTION_ESCAPED;
	exports.ATTR_EXCEPTION_MESSAGE = ATTR_EXCEPTION_MESSAGE;
	exports.ATTR_EXCEPTION_STACKTRACE = ATTR_EXCEPTION_STACKTRACE;
	exports.ATTR_EXCEPTION_TYPE = ATTR_EXCEPTION_TYPE;
	exports.ATTR_HTTP_REQUEST_HEADER = ATTR_HTTP_REQUEST_HEADER;
	exports.ATTR_HTTP_REQUEST_METHOD = ATTR_HTTP_REQUEST_METHOD;
	exports.ATTR_HTTP_REQUEST_METHOD_ORIGINAL = ATTR_HTTP_REQUEST_METHOD_ORIGINAL;
	exports.ATTR_HTTP_REQUEST_RESEND_COUNT = ATTR_HTTP_REQUEST_RESEND_COUNT;
	exports.ATTR_HTTP_RESPONSE_HEADER = ATTR_HTTP_RESPONSE_HEADER;
	exports.ATTR_HTTP_RESPONSE_STATUS_CODE = ATTR_HTTP_RESPONSE_STATUS_CODE;
	exports.ATTR_HTTP_ROUTE = ATTR_HTTP_ROUTE;
	exports.ATTR_JVM_GC_ACTION = ATTR_JVM_GC_ACTION;
	exports.ATTR_JVM_GC_NAME = ATTR_JVM_GC_NAME;
	exports.ATTR_JVM_MEMORY_POOL_NAME = ATTR_JVM_MEMORY_POOL_NAME;
	exports.ATTR_JVM_MEMORY_TYPE = ATTR_JVM_MEMORY_TYPE;
	exports.ATTR_JVM_THREAD_DAEMON = ATTR_JVM_THREAD_DAEMON;
	exports.ATTR_JVM_THREAD_STATE = ATTR_JVM_THREAD_STATE;
	exports.ATTR_K8S_CLUSTER_NAME = ATTR_K8S_CLUSTER_NAME;
	exports.ATTR_K8S_CLUSTER_UID = ATTR_K8S_CLUSTER_UID;
	exports.ATTR_K8S_CONTAINER_NAME = ATTR_K8S_CONTAINER_NAME;
	exports.ATTR_K8S_CONTAINER_RESTART_COUNT = ATTR_K8S_CONTAINER_RESTART_COUNT;
	exports.ATTR_K8S_CRONJOB_ANNOTATION = ATTR_K8S_CRONJOB_ANNOTATION;
	exports.ATTR_K8S_CRONJOB_LABEL = ATTR_K8S_CRONJOB_LABEL;
	exports.ATTR_K8S_CRONJOB_NAME = ATTR_K8S_CRONJOB_NAME;
	exports.ATTR_K8S_CRONJOB_UID = ATTR_K8S_CRONJOB_UID;
	exports.ATTR_K8S_DAEMONSET_ANNOTATION = ATTR_K8S_DAEMONSET_ANNOTATION;
	exports.ATTR_K8S_DAEMONSET_LABEL = ATTR_K8S_DAEMONSET_LABEL;
	exports.ATTR_K8S_DAEMONSET_NAME = ATTR_K8S_DAEMONSET_NAME;
	exports.ATTR_K8S_DAEMONSET_UID = ATTR_K8S_DAEMONSET_UID;
	exports.ATTR_K8S_DEPLOYMENT_ANNOTATION = ATTR_K8S_DEPLOYMENT_ANNOTATION;
	exports.ATTR_K8S_DEPLOYMENT_LABEL = ATTR_K8S_DEPLOYMENT_LABEL;
	exports.ATTR_K8S_DEPLOYMENT_NAME = ATTR_K8S_DEPLOYMENT_NAME;
	exports.ATTR_K8S_DEPLOYMENT_UID = ATTR_K8S_DEPLOYMENT_UID;
	exports.ATTR_K8S_JOB_ANNOTATION = ATTR_K8S_JOB_ANNOTATION;
	exports.ATTR_K8S_JOB_LABEL = ATTR_K8S_JOB_LABEL;
	exports.ATTR_K8S_JOB_NAME = ATTR_K8S_JOB_NAME;
	exports.ATTR_K8S_JOB_UID = ATTR_K8S_JOB_UID;
	exports.ATTR_K8S_NAMESPACE_ANNOTATION = ATTR_K8S_NAMESPACE_ANNOTATION;
	exports.ATTR_K8S_NAMESPACE_LABEL = ATTR_K8S_NAMESPACE_LABEL;
	exports.ATTR_K8S_NAMESPACE_NAME = ATTR_K8S_NAMESPACE_NAME;
	exports.ATTR_K8S_NODE_ANNOTATION = ATTR_K8S_NODE_ANNOTATION;
	exports.ATTR_K8S_NODE_LABEL = ATTR_K8S_NODE_LABEL;
	exports.ATTR_K8S_NODE_NAME = ATTR_K8S_NODE_NAME;
	exports.ATTR_K8S_NODE_UID = ATTR_K8S_NODE_UID;
	exports.ATTR_K8S_POD_ANNOTATION = ATTR_K8S_POD_ANNOTATION;
	exports.ATTR_K8S_POD_HOSTNAME = ATTR_K8S_POD_HOSTNAME;
	exports.ATTR_K8S_POD_IP = ATTR_K8S_POD_IP;
	exports.ATTR_K8S_POD_LABEL = ATTR_K8S_POD_LABEL;
	exports.ATTR_K8S_POD_NAME = ATTR_K8S_POD_NAME;
	exports.ATTR_K8S_POD_START_TIME = ATTR_K8S_POD_START_TIME;
	exports.ATTR_K8S_POD_UID = ATTR_K8S_POD_UID;
	exports.ATTR_K8S_REPLICASET_ANNOTATION = ATTR_K8S_REPLICASET_ANNOTATION;
	exports.ATTR_K8S_REPLICASET_LABEL = ATTR_K8S_REPLICASET_LABEL;
	exports.ATTR_K8S_REPLICASET_NAME = ATTR_K8S_REPLICASET_NAME;
	exports.ATTR_K8S_REPLICASET_UID = ATTR_K8S_REPLICASET_UID;
	exports.ATTR_K8S_STATEFULSET_ANNOTATION = ATTR_K8S_STATEFULSET_ANNOTATION;
	exports.ATTR_K8S_STATEFULSET_LABEL = ATTR_K8S_STATEFULSET_LABEL;
	exports.ATTR_K8S_STATEFULSET_NAME = ATTR_K8S_STATEFULSET_NAME;
	exports.ATTR_K8S_STATEFULSET_UID = ATTR_K8S_STATEFULSET_UID;
	exports.ATTR_NETWORK_LOCAL_ADDRESS = ATTR_NETWORK_LOCAL_ADDRESS;
	exports.ATTR_NETWORK_LOCAL_PORT = ATTR_NETWORK_LOCAL_PORT;
	exports.ATTR_NETWORK_PEER_ADDRESS = ATTR_NETWORK_PEER_ADDRESS;
	exports.ATTR_NETWORK_PEER_PORT = ATTR_NETWORK_PEER_PORT;
	exports.ATTR_NETWORK_PROTOCOL_NAME = ATTR_NETWORK_PROTOCOL_NAME;
	exports.ATTR_NETWORK_PROTOCOL_VERSION = ATTR_NETWORK_PROTOCOL_VERSION;
	exports.ATTR_NETWORK_TRANSPORT = ATTR_NETWORK_TRANSPORT;
	exports.ATTR_NETWORK_TYPE = ATTR_NETWORK_TYPE;
	exports.ATTR_OTEL_EVENT_NAME = ATTR_OTEL_EVENT_NAME;
	exports.ATTR_OTEL_SCOPE_NAME = ATTR_OTEL_SCOPE_NAME;
	exports.ATTR_OTEL_SCOPE_VERSION = ATTR_OTEL_SCOPE_VERSION;
	exports.ATTR_OTEL_STATUS_CODE = ATTR_OTEL_STATUS_CODE;
	exports.ATTR_OTEL_STATUS_DESCRIPTION = ATTR_OTEL_STATUS_DESCRIPTION;
	exports.ATTR_RPC_METHOD = ATTR_RPC_METHOD;
	exports.ATTR_RPC_METHOD_ORIGINAL = ATTR_RPC_METHOD_ORIGINAL;
	exports.ATTR_RPC_STATUS_CODE = ATTR_RPC_STATUS_CODE;
	exports.ATTR_RPC_SYSTEM_NAME = ATTR_RPC_SYSTEM_NAME;
	exports.ATTR_SERVER_ADDRESS = ATTR_SERVER_ADDRESS;
	exports.ATTR_SERVER_PORT = ATTR_SERVER_PORT;
	exports.ATTR_SERVICE_INSTANCE_ID = ATTR_SERVICE_INSTANCE_ID;
	exports.ATTR_SERVICE_NAME = ATTR_SERVICE_NAME;
	exports.ATTR_SERVICE_NAMESPACE = ATTR_SERVICE_NAMESPACE;
	exports.ATTR_SERVICE_VERSION = ATTR_SERVICE_VERSION;
	exports.ATTR_SIGNALR_CONNECTION_STATUS = ATTR_SIGNALR_CONNECTION_STATUS;
	exports.ATTR_SIGNALR_TRANSPORT = ATTR_SIGNALR_TRANSPORT;
	exports.ATTR_TELEMETRY_DISTRO_NAME = ATTR_TELEMETRY_DISTRO_NAME;
	exports.ATTR_TELEMETRY_DISTRO_VERSION = ATTR_TELEMETRY_DISTRO_VERSION;
	exports.ATTR_TELEMETRY_SDK_LANGUAGE = ATTR_TELEMETRY_SDK_LANGUAGE;
	exports.ATTR_TELEMETRY_SDK_NAME = ATTR_TELEMETRY_SDK_NAME;
	exports.ATTR_TELEMETRY_SDK_VERSION = ATTR_TELEMETRY_SDK_VERSION;
	exports.ATTR_URL_FRAGMENT = ATTR_URL_FRAGMENT;
	exports.ATTR_URL_FULL = ATTR_URL_FULL;
	exports.ATTR_URL_PATH = ATTR_URL_PATH;
	exports.ATTR_URL_QUERY = ATTR_URL_QUERY;
	exports.ATTR_URL_SCHEME = ATTR_URL_SCHEME;
	exports.ATTR_USER_AGENT_ORIGINAL = ATTR_USER_AGENT_ORIGINAL;
	exports.DB_SYSTEM_NAME_VALUE_MARIADB = DB_SYSTEM_NAME_VALUE_MARIADB;
	exports.DB_SYSTEM_NAME_VALUE_MICROSOFT_SQL_SERVER = DB_SYSTEM_NAME_VALUE_MICROSOFT_SQL_SERVER;
	exports.DB_SYSTEM_NAME_VALUE_MYSQL = DB_SYSTEM_NAME_VALUE_MYSQL;
	exports.DB_SYSTEM_NAME_VALUE_POSTGRESQL = DB_SYSTEM_NAME_VALUE_POSTGRESQL;
	exports.DEPLOYMENT_ENVIRONMENT_NAME_VALUE_DEVELOPMENT = DEPLOYMENT_ENVIRONMENT_NAME_VALUE_DEVELOPMENT;
	exports.DEPLOYMENT_ENVIRONMENT_NAME_VALUE_PRODUCTION = DEPLOYMENT_ENVIRONMENT_NAME_VALUE_PRODUCTION;
	exports.DEPLOYMENT_ENVIRONMENT_NAME_VALUE_STAGING = DEPLOYMENT_ENVIRONMENT_NAME_VALUE_STAGING;
	exports.DEPLOYMENT_ENVIRONMENT_NAME_VALUE_TEST = DEPLOYMENT_ENVIRONMENT_NAME_VALUE_TEST;
	exports.DOTNET_GC_HEAP_GENERATION_VALUE_GEN0 = DOTNET_GC_HEAP_GENERATION_VALUE_GEN0;
	exports.DOTNET_GC_HEAP_GENERATION_VALUE_GEN1 = DOTNET_GC_HEAP_GENERATION_VALUE_GEN1;
	exports.DOTNET_GC_HEAP_GENERATION_VALUE_GEN2 = DOTNET_GC_HEAP_GENERATION_VALUE_GEN2;
	exports.DOTNET_GC_HEAP_GENERATION_VALUE_LOH = DOTNET_GC_HEAP_GENERATION_VALUE_LOH;
	exports.DOTNET_GC_HEAP_GENERATION_VALUE_POH = DOTNET_GC_HEAP_GENERATION_VALUE_POH;
	exports.ERROR_TYPE_VALUE_OTHER = ERROR_TYPE_VALUE_OTHER;
	exports.HTTP_REQUEST_METHOD_VALUE_CONNECT = HTTP_REQUEST_METHOD_VALUE_CONNECT;
	exports.HTTP_REQUEST_METHOD_VALUE_DELETE = HTTP_REQUEST_METHOD_VALUE_DELETE;
	exports.HTTP_REQUEST_METHOD_VALUE_GET = HTTP_REQUEST_METHOD_VALUE_GET;
	exports.HTTP_REQUEST_METHOD_VALUE_HEAD = HTTP_REQUEST_METHOD_VALUE_HEAD;
	exports.HTTP_REQUEST_METHOD_VALUE_OPTIONS = HTTP_REQUEST_METHOD_VALUE_OPTIONS;
	exports.HTTP_REQUEST_METHOD_VALUE_OTHER = HTTP_REQUEST_METHOD_VALUE_OTHER;
	exports.HTTP_REQUEST_METHOD_VALUE_PATCH = HTTP_REQUEST_METHOD_VALUE_PATCH;
	exports.HTTP_REQUEST_METHOD_VALUE_POST = HTTP_REQUEST_METHOD_VALUE_POST;
	exports.HTTP_REQUEST_METHOD_VALUE_PUT = HTTP_REQUEST_METHOD_VALUE_PUT;
	exports.HTTP_REQUEST_METHOD_VALUE_TRACE = HTTP_REQUEST_METHOD_VALUE_TRACE;
	exports.JVM_MEMORY_TYPE_VALUE_HEAP = JVM_MEMORY_TYPE_VALUE_HEAP;
	exports.JVM_MEMORY_TYPE_VALUE_NON_HEAP = JVM_MEMORY_TYPE_VALUE_NON_HEAP;
	exports.JVM_THREAD_STATE_VALUE_BLOCKED = JVM_THREAD_STATE_VALUE_BLOCKED;
	exports.JVM_THREAD_STATE_VALUE_NEW = JVM_THREAD_STATE_VALUE_NEW;
	exports.JVM_THREAD_STATE_VALUE_RUNNABLE = JVM_THREAD_STATE_VALUE_RUNNABLE;
	exports.JVM_THREAD_STATE_VALUE_TERMINATED = JVM_THREAD_STATE_VALUE_TERMINATED;
	exports.JVM_THREAD_STATE_VALUE_TIMED_WAITING = JVM_THREAD_STATE_VALUE_TIMED_WAITING;
	exports.JVM_THREAD_STATE_VALUE_WAITING = JVM_THREAD_STATE_VALUE_WAITING;
	exports.NETWORK_TRANSPORT_VALUE_PIPE = NETWORK_TRANSPORT_VALUE_PIPE;
	exports.NETWORK_TRANSPORT_VALUE_QUIC = NETWORK_TRANSPORT_VALUE_QUIC;
	exports.NETWORK_TRANSPORT_VALUE_TCP = NETWORK_TRANSPORT_VALUE_TCP;
	exports.NETWORK_TRANSPORT_VALUE_UDP = NETWORK_TRANSPORT_VALUE_UDP;
	exports.NETWORK_TRANSPORT_VALUE_UNIX = NETWORK_TRANSPORT_VALUE_UNIX;
	exports.NETWORK_TYPE_VALUE_IPV4 = NETWORK_TYPE_VALUE_IPV4;
	exports.NETWORK_TYPE_VALUE_IPV6 = NETWORK_TYPE_VALUE_IPV6;
	exports.OTEL_STATUS_CODE_VALUE_ERROR = OTEL_STATUS_CODE_VALUE_ERROR;
	exports.OTEL_STATUS_CODE_VALUE_OK = OTEL_STATUS_CODE_VALUE_OK;
	exports.RPC_SYSTEM_NAME_VALUE_DUBBO = RPC_SYSTEM_NAME_VALUE_DUBBO;
	exports.RPC_SYSTEM_NAME_VALUE_GRPC = RPC_SYSTEM_NAME_VALUE_GRPC;
	exports.SIGNALR_CONNECTION_STATUS_VALUE_APP_SHUTDOWN = SIGNALR_CONNECTION_STATUS_VALUE_APP_SHUTDOWN;
	exports.SIGNALR_CONNECTION_STATUS_VALUE_NORMAL_CLOSURE = SIGNALR_CONNECTION_STATUS_VALUE_NORMAL_CLOSURE;
	exports.SIGNALR_CONNECTION_STATUS_VALUE_TIMEOUT = SIGNALR_CONNECTION_STATUS_VALUE_TIMEOUT;
	exports.SIGNALR_TRANSPORT_VALUE_LONG_POLLING = SIGNALR_TRANSPORT_VALUE_LONG_POLLING;
	exports.SIGNALR_TRANSPORT_VALUE_SERVER_SENT_EVENTS = SIGNALR_TRANSPORT_VALUE_SERVER_SENT_EVENTS;
	exports.SIGNALR_TRANSPORT_VALUE_WEB_SOCKETS = SIGNALR_TRANSPORT_VALUE_WEB_SOCKETS;
	exports.TELEMETRY_SDK_LANGUAGE_VALUE_CPP = TELEMETRY_SDK_LANGUAGE_VALUE_CPP;
	exports.TELEMETRY_SDK_LANGUAGE_VALUE_DOTNET = TELEMETRY_SDK_LANGUAGE_VALUE_DOTNET;
	exports.TELEMETRY_SDK_LANGUAGE_VALUE_ERLANG = TELEMETRY_SDK_LANGUAGE_VALUE_ERLANG;
	exports.TELEMETRY_SDK_LANGUAGE_VALUE_GO = TELEMETRY_SDK_LANGUAGE_VALUE_GO;
	exports.TELEMETRY_SDK_LANGUAGE_VALUE_JAVA = TELEMETRY_SDK_LANGUAGE_VALUE_JAVA;
	exports.TELEMETRY_SDK_LANGUAGE_VALUE_KOTLIN = TELEMETRY_SDK_LANGUAGE_VALUE_KOTLIN;
	exports.TELEMETRY_SDK_LANGUAGE_VALUE_NODEJS = TELEMETRY_SDK_LANGUAGE_VALUE_NODEJS;
	exports.TELEMETRY_SDK_LANGUAGE_VALUE_PHP = TELEMETRY_SDK_LANGUAGE_VALUE_PHP;
	exports.TELEMETRY_SDK_LANGUAGE_VALUE_PYTHON = TELEMETRY_SDK_LANGUAGE_VALUE_PYTHON;
	exports.TELEMETRY_SDK_LANGUAGE_VALUE_RUBY = TELEMETRY_SDK_LANGUAGE_VALUE_RUBY;
	exports.TELEMETRY_SDK_LANGUAGE_VALUE_RUST = TELEMETRY_SDK_LANGUAGE_VALUE_RUST;
	exports.TELEMETRY_SDK_LANGUAGE_VALUE_SWIFT = TELEMETRY_SDK_LANGUAGE_VALUE_SWIFT;
	exports.TELEMETRY_SDK_LANGUAGE_VALUE_WEBJS = TELEMETRY_SDK_LANGUAGE_VALUE_WEBJS;
}));
// node_modules/@opentelemetry/semantic-conventions/dist/stable_metrics.cjs
var require_stable_metrics$1 = /* @__PURE__ */ __commonJSMin(((exports) => {
	/**
	* Number of exceptions caught by exception handling middleware.
	*
	* @note Meter name: `Microsoft.AspNetCore.Diagnostics`; Added in: ASP.NET Core 8.0
	*/
	const METRIC_ASPNETCORE_DIAGNOSTICS_EXCEPTIONS = "aspnetcore.diagnostics.exceptions";
	/**
	* Number of requests that are currently active on the server that hold a rate limiting lease.
	*
	* @note Meter name: `Microsoft.AspNetCore.RateLimiting`; Added in: ASP.NET Core 8.0
	*/
	const METRIC_ASPNETCORE_RATE_LIMITING_ACTIVE_REQUEST_LEASES = "aspnetcore.rate_limiting.active_request_leases";
	/**
	* Number of requests that are currently queued, waiting to acquire a rate limiting lease.
	*
	* @note Meter name: `Microsoft.AspNetCore.RateLimiting`; Added in: ASP.NET Core 8.0
	*/
	const METRIC_ASPNETCORE_RATE_LIMITING_QUEUED_REQUESTS = "aspnetcore.rate_limiting.queued_requests";
	/**
	* The time the request spent in a queue waiting to acquire a rate limiting lease.
	*
	* @note Meter name: `Microsoft.AspNetCore.RateLimiting`; Added in: ASP.NET Core 8.0
	*/
	const METRIC_ASPNETCORE_RATE_LIMITING_REQUEST_TIME_IN_QUEUE = "aspnetcore.rate_limiting.request.time_in_queue";
	/**
	* The duration of rate limiting lease held by requests on the server.
	*
	* @note Meter name: `Microsoft.AspNetCore.RateLimiting`; Added in: ASP.NET Core 8.0
	*/
	const METRIC_ASPNETCORE_RATE_LIMITING_REQUEST_LEASE_DURATION = "aspnetcore.rate_limiting.request_lease.duration";
	/**
	* Number of requests that tried to acquire a rate limiting lease.
	*
	* @note Requests could be:
	*
	*   - Rejected by global or endpoint rate limiting policies
	*   - Canceled while waiting for the lease.
	*
	* Meter name: `Microsoft.AspNetCore.RateLimiting`; Added in: ASP.NET Core 8.0
	*/
	const METRIC_ASPNETCORE_RATE_LIMITING_REQUESTS = "aspnetcore.rate_limiting.requests";
	/**
	* Number of requests that were attempted to be matched to an endpoint.
	*
	* @note Meter name: `Microsoft.AspNetCore.Routing`; Added in: ASP.NET Core 8.0
	*/
	const METRIC_ASPNETCORE_ROUTING_MATCH_ATTEMPTS = "aspnetcore.routing.match_attempts";
	/**
	* Duration of database client operations.
	*
	* @note Batch operations **SHOULD** be recorded as a single operation.
	*/
	const METRIC_DB_CLIENT_OPERATION_DURATION = "db.client.operation.duration";
	/**
	* The number of .NET assemblies that are currently loaded.
	*
	* @note Meter name: `System.Runtime`; Added in: .NET 9.0.
	* This metric reports the same values as calling [`AppDomain.CurrentDomain.GetAssemblies().Length`](https://learn.microsoft.com/dotnet/api/system.appdomain.getassemblies).
	*/
	const METRIC_DOTNET_ASSEMBLY_COUNT = "dotnet.assembly.count";
	/**
	* The number of exceptions that have been thrown in managed code.
	*
	* @note Meter name: `System.Runtime`; Added in: .NET 9.0.
	* This metric reports the same values as counting calls to [`AppDomain.CurrentDomain.FirstChanceException`](https://learn.microsoft.com/dotnet/api/system.appdomain.firstchanceexception).
	*/
	const METRIC_DOTNET_EXCEPTIONS = "dotnet.exceptions";
	/**
	* The number of garbage collections that have occurred since the process has started.
	*
	* @note Meter name: `System.Runtime`; Added in: .NET 9.0.
	* This metric uses the [`GC.CollectionCount(int generation)`](https://learn.microsoft.com/dotnet/api/system.gc.collectioncount) API to calculate exclusive collections per generation.
	*/
	const METRIC_DOTNET_GC_COLLECTIONS = "dotnet.gc.collections";
	/**
	* The *approximate* number of bytes allocated on the managed GC heap since the process has started. The returned value does not include any native allocations.
	*
	* @note Meter name: `System.Runtime`; Added in: .NET 9.0.
	* This metric reports the same values as calling [`GC.GetTotalAllocatedBytes()`](https://learn.microsoft.com/dotnet/api/system.gc.gettotalallocatedbytes).
	*/
	const METRIC_DOTNET_GC_HEAP_TOTAL_ALLOCATED = "dotnet.gc.heap.total_allocated";
	/**
	* The heap fragmentation, as observed during the latest garbage collection.
	*
	* @note Meter name: `System.Runtime`; Added in: .NET 9.0.
	* This metric reports the same values as calling [`GC.GetGCMemoryInfo().GenerationInfo.FragmentationAfterBytes`](https://learn.microsoft.com/dotnet/api/system.gcgenerationinfo.fragmentationafterbytes).
	*/
	const METRIC_DOTNET_GC_LAST_COLLECTION_HEAP_FRAGMENTATION_SIZE = "dotnet.gc.last_collection.heap.fragmentation.size";
	/**
	* The managed GC heap size (including fragmentation), as observed during the latest garbage collection.
	*
	* @note Meter name: `System.Runtime`; Added in: .NET 9.0.
	* This metric reports the same values as calling [`GC.GetGCMemoryInfo().GenerationInfo.SizeAfterBytes`](https://learn.microsoft.com/dotnet/api/system.gcgenerationinfo.sizeafterbytes).
	*/
	const METRIC_DOTNET_GC_LAST_COLLECTION_HEAP_SIZE = "dotnet.gc.last_collection.heap.size";
	/**
	* The amount of committed virtual memory in use by the .NET GC, as observed during the latest garbage collection.
	*
	* @note Meter name: `System.Runtime`; Added in: .NET 9.0.
	* This metric reports the same values as calling [`GC.GetGCMemoryInfo().TotalCommittedBytes`](https://learn.microsoft.com/dotnet/api/system.gcmemoryinfo.totalcommittedbytes). Committed virtual memory may be larger than the heap size because it includes both memory for storing existing objects (the heap size) and some extra memory that is ready to handle newly allocated objects in the future.
	*/
	const METRIC_DOTNET_GC_LAST_COLLECTION_MEMORY_COMMITTED_SIZE = "dotnet.gc.last_collection.memory.committed_size";
	/**
	* The total amount of time paused in GC since the process has started.
	*
	* @note Meter name: `System.Runtime`; Added in: .NET 9.0.
	* This metric reports the same values as calling [`GC.GetTotalPauseDuration()`](https://learn.microsoft.com/dotnet/api/system.gc.gettotalpauseduration).
	*/
	const METRIC_DOTNET_GC_PAUSE_TIME = "dotnet.gc.pause.time";
	/**
	* The amount of time the JIT compiler has spent compiling methods since the process has started.
	*
	* @note Meter name: `System.Runtime`; Added in: .NET 9.0.
	* This metric reports the same values as calling [`JitInfo.GetCompilationTime()`](https://learn.microsoft.com/dotnet/api/system.runtime.jitinfo.getcompilationtime).
	*/
	const METRIC_DOTNET_JIT_COMPILATION_TIME = "dotnet.jit.compilation.time";
	/**
	* Count of bytes of intermediate language that have been compiled since the process has started.
	*
	* @note Meter name: `System.Runtime`; Added in: .NET 9.0.
	* This metric reports the same values as calling [`JitInfo.GetCompiledILBytes()`](https://learn.microsoft.com/dotnet/api/system.runtime.jitinfo.getcompiledilbytes).
	*/
	const METRIC_DOTNET_JIT_COMPILED_IL_SIZE = "dotnet.jit.compiled_il.size";
	/**
	* The number of times the JIT compiler (re)compiled methods since the process has started.
	*
	* @note Meter name: `System.Runtime`; Added in: .NET 9.0.
	* This metric reports the same values as calling [`JitInfo.GetCompiledMethodCount()`](https://learn.microsoft.com/dotnet/api/system.runtime.jitinfo.getcompiledmethodcount).
	*/
	const METRIC_DOTNET_JIT_COMPILED_METHODS = "dotnet.jit.compiled_methods";
	/**
	* The number of times there was contention when trying to acquire a monitor lock since the process has started.
	*
	* @note Meter name: `System.Runtime`; Added in: .NET 9.0.
	* This metric reports the same values as calling [`Monitor.LockContentionCount`](https://learn.microsoft.com/dotnet/api/system.threading.monitor.lockcontentioncount).
	*/
	const METRIC_DOTNET_MONITOR_LOCK_CONTENTIONS = "dotnet.monitor.lock_contentions";
	/**
	* The number of processors available to the process.
	*
	* @note Meter name: `System.Runtime`; Added in: .NET 9.0.
	* This metric reports the same values as accessing [`Environment.ProcessorCount`](https://learn.microsoft.com/dotnet/api/system.environment.processorcount).
	*/
	const METRIC_DOTNET_PROCESS_CPU_COUNT = "dotnet.process.cpu.count";
	/**
	* CPU time used by the process.
	*
	* @note Meter name: `System.Runtime`; Added in: .NET 9.0.
	* This metric reports the same values as accessing the corresponding processor time properties on [`System.Diagnostics.Process`](https://learn.microsoft.com/dotnet/api/system.diagnostics.process).
	*/
	const METRIC_DOTNET_PROCESS_CPU_TIME = "dotnet.process.cpu.time";
	/**
	* The number of bytes of physical memory mapped to the process context.
	*
	* @note Meter name: `System.Runtime`; Added in: .NET 9.0.
	* This metric reports the same values as calling [`Environment.WorkingSet`](https://learn.microsoft.com/dotnet/api/system.environment.workingset).
	*/
	const METRIC_DOTNET_PROCESS_MEMORY_WORKING_SET = "dotnet.process.memory.working_set";
	/**
	* The number of work items that are currently queued to be processed by the thread pool.
	*
	* @note Meter name: `System.Runtime`; Added in: .NET 9.0.
	* This metric reports the same values as calling [`ThreadPool.PendingWorkItemCount`](https://learn.microsoft.com/dotnet/api/system.threading.threadpool.pendingworkitemcount).
	*/
	const METRIC_DOTNET_THREAD_POOL_QUEUE_LENGTH = "dotnet.thread_pool.queue.length";
	/**
	* The number of thread pool threads that currently exist.
	*
	* @note Meter name: `System.Runtime`; Added in: .NET 9.0.
	* This metric reports the same values as calling [`ThreadPool.ThreadCount`](https://learn.microsoft.com/dotnet/api/system.threading.threadpool.threadcount).
	*/
	const METRIC_DOTNET_THREAD_POOL_THREAD_COUNT = "dotnet.thread_pool.thread.count";
	/**
	* The number of work items that the thread pool has completed since the process has started.
	*
	* @note Meter name: `System.Runtime`; Added in: .NET 9.0.
	* This metric reports the same values as calling [`ThreadPool.CompletedWorkItemCount`](https://learn.microsoft.com/dotnet/api/system.threading.threadpool.completedworkitemcount).
	*/
	const METRIC_DOTNET_THREAD_POOL_WORK_ITEM_COUNT = "dotnet.thread_pool.work_item.count";
	/**
	* The number of timer instances that are currently active.
	*
	* @note Meter name: `System.Runtime`; Added in: .NET 9.0.
	* This metric reports the same values as calling [`Timer.ActiveCount`](https://learn.microsoft.com/dotnet/api/system.threading.timer.activecount).
	*/
	const METRIC_DOTNET_TIMER_COUNT = "dotnet.timer.count";
	/**
	* Duration of HTTP client requests.
	*/
	const METRIC_HTTP_CLIENT_REQUEST_DURATION = "http.client.request.duration";
	/**
	* Duration of HTTP server requests.
	*/
	const METRIC_HTTP_SERVER_REQUEST_DURATION = "http.server.request.duration";
	/**
	* Number of classes currently loaded.
	*/
	const METRIC_JVM_CLASS_COUNT = "jvm.class.count";
	/**
	* Number of classes loaded since JVM start.
	*/
	const METRIC_JVM_CLASS_LOADED = "jvm.class.loaded";
	/**
	* Number of classes unloaded since JVM start.
	*/
	const METRIC_JVM_CLASS_UNLOADED = "jvm.class.unloaded";
	/**
	* Number of processors available to the Java virtual machine.
	*/
	const METRIC_JVM_CPU_COUNT = "jvm.cpu.count";
	/**
	* Recent CPU utilization for the process as reported by the JVM.
	*
	* @note The value range is [0.0,1.0]. This utilization is not defined as being for the specific interval since last measurement (unlike `system.cpu.utilization`). [Reference](https://docs.oracle.com/en/java/javase/17/docs/api/jdk.management/com/sun/management/OperatingSystemMXBean.html#getProcessCpuLoad()).
	*/
	const METRIC_JVM_CPU_RECENT_UTILIZATION = "jvm.cpu.recent_utilization";
	/**
	* CPU time used by the process as reported by the JVM.
	*/
	const METRIC_JVM_CPU_TIME = "jvm.cpu.time";
	/**
	* Duration of JVM garbage collection actions.
	*/
	const METRIC_JVM_GC_DURATION = "jvm.gc.duration";
	/**
	* Measure of memory committed.
	*/
	const METRIC_JVM_MEMORY_COMMITTED = "jvm.memory.committed";
	/**
	* Measure of max obtainable memory.
	*/
	const METRIC_JVM_MEMORY_LIMIT = "jvm.memory.limit";
	/**
	* Measure of memory used.
	*/
	const METRIC_JVM_MEMORY_USED = "jvm.memory.used";
	/**
	* Measure of memory used, as measured after the most recent garbage collection event on this pool.
	*/
	const METRIC_JVM_MEMORY_USED_AFTER_LAST_GC = "jvm.memory.used_after_last_gc";
	/**
	* Number of executing platform threads.
	*/
	const METRIC_JVM_THREAD_COUNT = "jvm.thread.count";
	/**
	* Number of connections that are currently active on the server.
	*
	* @note Meter name: `Microsoft.AspNetCore.Server.Kestrel`; Added in: ASP.NET Core 8.0
	*/
	const METRIC_KESTREL_ACTIVE_CONNECTIONS = "kestrel.active_connections";
	/**
	* Number of TLS handshakes that are currently in progress on the server.
	*
	* @note Meter name: `Microsoft.AspNetCore.Server.Kestrel`; Added in: ASP.NET Core 8.0
	*/
	const METRIC_KESTREL_ACTIVE_TLS_HANDSHAKES = "kestrel.active_tls_handshakes";
	/**
	* The duration of connections on the server.
	*
	* @note Meter name: `Microsoft.AspNetCore.Server.Kestrel`; Added in: ASP.NET Core 8.0
	*/
	const METRIC_KESTREL_CONNECTION_DURATION = "kestrel.connection.duration";
	/**
	* Number of connections that are currently queued and are waiting to start.
	*
	* @note Meter name: `Microsoft.AspNetCore.Server.Kestrel`; Added in: ASP.NET Core 8.0
	*/
	const METRIC_KESTREL_QUEUED_CONNECTIONS = "kestrel.queued_connections";
	/**
	* Number of HTTP requests on multiplexed connections (HTTP/2 and HTTP/3) that are currently queued and are waiting to start.
	*
	* @note Meter name: `Microsoft.AspNetCore.Server.Kestrel`; Added in: ASP.NET Core 8.0
	*/
	const METRIC_KESTREL_QUEUED_REQUESTS = "kestrel.queued_requests";
	/**
	* Number of connections rejected by the server.
	*
	* @note Connections are rejected when the currently active count exceeds the value configured with `MaxConcurrentConnections`.
	* Meter name: `Microsoft.AspNetCore.Server.Kestrel`; Added in: ASP.NET Core 8.0
	*/
	const METRIC_KESTREL_REJECTED_CONNECTIONS = "kestrel.rejected_connections";
	/**
	* The duration of TLS handshakes on the server.
	*
	* @note Meter name: `Microsoft.AspNetCore.Server.Kestrel`; Added in: ASP.NET Core 8.0
	*/
	const METRIC_KESTREL_TLS_HANDSHAKE_DURATION = "kestrel.tls_handshake.duration";
	/**
	* Number of connections that are currently upgraded (WebSockets). .
	*
	* @note The counter only tracks HTTP/1.1 connections.
	*
	* Meter name: `Microsoft.AspNetCore.Server.Kestrel`; Added in: ASP.NET Core 8.0
	*/
	const METRIC_KESTREL_UPGRADED_CONNECTIONS = "kestrel.upgraded_connections";
	/**
	* Measures the duration of an outgoing Remote Procedure Call (RPC).
	*
	* @note When this metric is reported alongside an RPC client span, the metric value
	* **SHOULD** be the same as the RPC client span duration.
	*/
	const METRIC_RPC_CLIENT_CALL_DURATION = "rpc.client.call.duration";
	/**
	* Measures the duration of an incoming Remote Procedure Call (RPC).
	*
	* @note When this metric is reported alongside an RPC server span, the metric value
	* **SHOULD** be the same as the RPC server span duration.
	*/
	const METRIC_RPC_SERVER_CALL_DURATION = "rpc.server.call.duration";
	/**
	* Number of connections that are currently active on the server.
	*
	* @note Meter name: `Microsoft.AspNetCore.Http.Connections`; Added in: ASP.NET Core 8.0
	*/
	const METRIC_SIGNALR_SERVER_ACTIVE_CONNECTIONS = "signalr.server.active_connections";
	/**
	* The duration of connections on the server.
	*
	* @note Meter name: `Microsoft.AspNetCore.Http.Connections`; Added in: ASP.NET Core 8.0
	*/
	const METRIC_SIGNALR_SERVER_CONNECTION_DURATION = "signalr.server.connection.duration";
	exports.METRIC_ASPNETCORE_DIAGNOSTICS_EXCEPTIONS = METRIC_ASPNETCORE_DIAGNOSTICS_EXCEPTIONS;
	exports.METRIC_ASPNETCORE_RATE_LIMITING_ACTIVE_REQUEST_LEASES = METRIC_ASPNETCORE_RATE_LIMITING_ACTIVE_REQUEST_LEASES;
	exports.METRIC_ASPNETCORE_RATE_LIMITING_QUEUED_REQUESTS = METRIC_ASPNETCORE_RATE_LIMITING_QUEUED_REQUESTS;
	exports.METRIC_ASPNETCORE_RATE_LIMITING_REQUESTS = METRIC_ASPNETCORE_RATE_LIMITING_REQUESTS;
	exports.METRIC_ASPNETCORE_RATE_LIMITING_REQUEST_LEASE_DURATION = METRIC_ASPNETCORE_RATE_LIMITING_REQUEST_LEASE_DURATION;
	exports.METRIC_ASPNETCORE_RATE_LIMITING_REQUEST_TIME_IN_QUEUE = METRIC_ASPNETCORE_RATE_LIMITING_REQUEST_TIME_IN_QUEUE;
	exports.METRIC_ASPNETCORE_ROUTING_MATCH_ATTEMPTS = METRIC_ASPNETCORE_ROUTING_MATCH_ATTEMPTS;
	exports.METRIC_DB_CLIENT_OPERATION_DURATION = METRIC_DB_CLIENT_OPERATION_DURATION;
	exports.METRIC_DOTNET_ASSEMBLY_COUNT = METRIC_DOTNET_ASSEMBLY_COUNT;
	exports.METRIC_DOTNET_EXCEPTIONS = METRIC_DOTNET_EXCEPTIONS;
	exports.METRIC_DOTNET_GC_COLLECTIONS = METRIC_DOTNET_GC_COLLECTIONS;
	exports.METRIC_DOTNET_GC_HEAP_TOTAL_ALLOCATED = METRIC_DOTNET_GC_HEAP_TOTAL_ALLOCATED;
	exports.METRIC_DOTNET_GC_LAST_COLLECTION_HEAP_FRAGMENTATION_SIZE = METRIC_DOTNET_GC_LAST_COLLECTION_HEAP_FRAGMENTATION_SIZE;
	exports.METRIC_DOTNET_GC_LAST_COLLECTION_HEAP_SIZE = METRIC_DOTNET_GC_LAST_COLLECTION_HEAP_SIZE;
	exports.METRIC_DOTNET_GC_LAST_COLLECTION_MEMORY_COMMITTED_SIZE = METRIC_DOTNET_GC_LAST_COLLECTION_MEMORY_COMMITTED_SIZE;
	exports.METRIC_DOTNET_GC_PAUSE_TIME = METRIC_DOTNET_GC_PAUSE_TIME;
	exports.METRIC_DOTNET_JIT_COMPILATION_TIME = METRIC_DOTNET_JIT_COMPILATION_TIME;
	exports.METRIC_DOTNET_JIT_COMPILED_IL_SIZE = METRIC_DOTNET_JIT_COMPILED_IL_SIZE;
	exports.METRIC_DOTNET_JIT_COMPILED_METHODS = METRIC_DOTNET_JIT_COMPILED_METHODS;
	exports.METRIC_DOTNET_MONITOR_LOCK_CONTENTIONS = METRIC_DOTNET_MONITOR_LOCK_CONTENTIONS;
	exports.METRIC_DOTNET_PROCESS_CPU_COUNT = METRIC_DOTNET_PROCESS_CPU_COUNT;
	exports.METRIC_DOTNET_PROCESS_CPU_TIME = METRIC_DOTNET_PROCESS_CPU_TIME;
	exports.METRIC_DOTNET_PROCESS_MEMORY_WORKING_SET = METRIC_DOTNET_PROCESS_MEMORY_WORKING_SET;
	exports.METRIC_DOTNET_THREAD_POOL_QUEUE_LENGTH = METRIC_DOTNET_THREAD_POOL_QUEUE_LENGTH;
	exports.METRIC_DOTNET_THREAD_POOL_THREAD_COUNT = METRIC_DOTNET_THREAD_POOL_THREAD_COUNT;
	exports.METRIC_DOTNET_THREAD_POOL_WORK_ITEM_COUNT = METRIC_DOTNET_THREAD_POOL_WORK_ITEM_COUNT;
	exports.METRIC_DOTNET_TIMER_COUNT = METRIC_DOTNET_TIMER_COUNT;
	exports.METRIC_HTTP_CLIENT_REQUEST_DURATION = METRIC_HTTP_CLIENT_REQUEST_DURATION;
	exports.METRIC_HTTP_SERVER_REQUEST_DURATION = METRIC_HTTP_SERVER_REQUEST_DURATION;
	exports.METRIC_JVM_CLASS_COUNT = METRIC_JVM_CLASS_COUNT;
	exports.METRIC_JVM_CLASS_LOADED = METRIC_JVM_CLASS_LOADED;
	exports.METRIC_JVM_CLASS_UNLOADED = METRIC_JVM_CLASS_UNLOADED;
	exports.METRIC_JVM_CPU_COUNT = METRIC_JVM_CPU_COUNT;
	exports.METRIC_JVM_CPU_RECENT_UTILIZATION = METRIC_JVM_CPU_RECENT_UTILIZATION;
	exports.METRIC_JVM_CPU_TIME = METRIC_JVM_CPU_TIME;
	exports.METRIC_JVM_GC_DURATION = METRIC_JVM_GC_DURATION;
	exports.METRIC_JVM_MEMORY_COMMITTED = METRIC_JVM_MEMORY_COMMITTED;
	exports.METRIC_JVM_MEMORY_LIMIT = METRIC_JVM_MEMORY_LIMIT;
	exports.METRIC_JVM_MEMORY_USED = METRIC_JVM_MEMORY_USED;
	exports.METRIC_JVM_MEMORY_USED_AFTER_LAST_GC = METRIC_JVM_MEMORY_USED_AFTER_LAST_GC;
	exports.METRIC_JVM_THREAD_COUNT = METRIC_JVM_THREAD_COUNT;
	exports.METRIC_KESTREL_ACTIVE_CONNECTIONS = METRIC_KESTREL_ACTIVE_CONNECTIONS;
	exports.METRIC_KESTREL_ACTIVE_TLS_HANDSHAKES = METRIC_KESTREL_ACTIVE_TLS_HANDSHAKES;
	exports.METRIC_KESTREL_CONNECTION_DURATION = METRIC_KESTREL_CONNECTION_DURATION;
	exports.METRIC_KESTREL_QUEUED_CONNECTIONS = METRIC_KESTREL_QUEUED_CONNECTIONS;
	exports.METRIC_KESTREL_QUEUED_REQUESTS = METRIC_KESTREL_QUEUED_REQUESTS;
	exports.METRIC_KESTREL_REJECTED_CONNECTIONS = METRIC_KESTREL_REJECTED_CONNECTIONS;
	exports.METRIC_KESTREL_TLS_HANDSHAKE_DURATION = METRIC_KESTREL_TLS_HANDSHAKE_DURATION;
	exports.METRIC_KESTREL_UPGRADED_CONNECTIONS = METRIC_KESTREL_UPGRADED_CONNECTIONS;
	exports.METRIC_RPC_CLIENT_CALL_DURATION = METRIC_RPC_CLIENT_CALL_DURATION;
	exports.METRIC_RPC_SERVER_CALL_DURATION = METRIC_RPC_SERVER_CALL_DURATION;
	exports.METRIC_SIGNALR_SERVER_ACTIVE_CONNECTIONS = METRIC_SIGNALR_SERVER_ACTIVE_CONNECTIONS;
	exports.METRIC_SIGNALR_SERVER_CONNECTION_DURATION = METRIC_SIGNALR_SERVER_CONNECTION_DURATION;
}));
// node_modules/@opentelemetry/semantic-conventions/dist/stable_events.cjs
var require_stable_events$1 = /* @__PURE__ */ __commonJSMin(((exports) => {
	exports.EVENT_EXCEPTION = "exception";
}));
// node_modules/@opentelemetry/semantic-conventions/dist/index.cjs
var require_dist = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, Symbol.toStringTag, { value: "Module" });
	const require_SemanticAttributes = require_SemanticAttributes$1();
	const require_SemanticResourceAttributes = require_SemanticResourceAttributes$1();
	const require_stable_attributes = require_stable_attributes$1();
	const require_stable_metrics = require_stable_metrics$1();
	const require_stable_events = require_stable_events$1();
	exports.ASPNETCORE_DIAGNOSTICS_EXCEPTION_RESULT_VALUE_ABORTED = require_stable_attributes.ASPNETCORE_DIAGNOSTICS_EXCEPTION_RESULT_VALUE_ABORTED;
	exports.ASPNETCORE_DIAGNOSTICS_EXCEPTION_RESULT_VALUE_HANDLED = require_stable_attributes.ASPNETCORE_DIAGNOSTICS_EXCEPTION_RESULT_VALUE_HANDLED;
	exports.ASPNETCORE_DIAGNOSTICS_EXCEPTION_RESULT_VALUE_SKIPPED = require_stable_attributes.ASPNETCORE_DIAGNOSTICS_EXCEPTION_RESULT_VALUE_SKIPPED;
	exports.ASPNETCORE_DIAGNOSTICS_EXCEPTION_RESULT_VALUE_UNHANDLED = require_stable_attributes.ASPNETCORE_DIAGNOSTICS_EXCEPTION_RESULT_VALUE_UNHANDLED;
	exports.ASPNETCORE_RATE_LIMITING_RESULT_VALUE_ACQUIRED = require_stable_attributes.ASPNETCORE_RATE_LIMITING_RESULT_VALUE_ACQUIRED;
	exports.ASPNETCORE_RATE_LIMITING_RESULT_VALUE_ENDPOINT_LIMITER = require_stable_attributes.ASPNETCORE_RATE_LIMITING_RESULT_VALUE_ENDPOINT_LIMITER;
	exports.ASPNETCORE_RATE_LIMITING_RESULT_VALUE_GLOBAL_LIMITER = require_stable_attributes.ASPNETCORE_RATE_LIMITING_RESULT_VALUE_GLOBAL_LIMITER;
	exports.ASPNETCORE_RATE_LIMITING_RESULT_VALUE_REQUEST_CANCELED = require_stable_attributes.ASPNETCORE_RATE_LIMITING_RESULT_VALUE_REQUEST_CANCELED;
	exports.ASPNETCORE_ROUTING_MATCH_STATUS_VALUE_FAILURE = require_stable_attributes.ASPNETCORE_ROUTING_MATCH_STATUS_VALUE_FAILURE;
	exports.ASPNETCORE_ROUTING_MATCH_STATUS_VALUE_SUCCESS = require_stable_attributes.ASPNETCORE_ROUTING_MATCH_STATUS_VALUE_SUCCESS;
	exports.ATTR_ASPNETCORE_DIAGNOSTICS_EXCEPTION_RESULT = require_stable_attributes.ATTR_ASPNETCORE_DIAGNOSTICS_EXCEPTION_RESULT;
	exports.ATTR_ASPNETCORE_DIAGNOSTICS_HANDLER_TYPE = require_stable_attributes.ATTR_ASPNETCORE_DIAGNOSTICS_HANDLER_TYPE;
	exports.ATTR_ASPNETCORE_RATE_LIMITING_POLICY = require_stable_attributes.ATTR_ASPNETCORE_RATE_LIMITING_POLICY;
	exports.ATTR_ASPNETCORE_RATE_LIMITING_RESULT = require_stable_attributes.ATTR_ASPNETCORE_RATE_LIMITING_RESULT;
	exports.ATTR_ASPNETCORE_REQUEST_IS_UNHANDLED = require_stable_attributes.ATTR_ASPNETCORE_REQUEST_IS_UNHANDLED;
	exports.ATTR_ASPNETCORE_ROUTING_IS_FALLBACK = require_stable_attributes.ATTR_ASPNETCORE_ROUTING_IS_FALLBACK;
	exports.ATTR_ASPNETCORE_ROUTING_MATCH_STATUS = require_stable_attributes.ATTR_ASPNETCORE_ROUTING_MATCH_STATUS;
	exports.ATTR_ASPNETCORE_USER_IS_AUTHENTICATED = require_stable_attributes.ATTR_ASPNETCORE_USER_IS_AUTHENTICATED;
	exports.ATTR_CLIENT_ADDRESS = require_stable_attributes.ATTR_CLIENT_ADDRESS;
	exports.ATTR_CLIENT_PORT = require_stable_attributes.ATTR_CLIENT_PORT;
	exports.ATTR_CODE_COLUMN_NUMBER = require_stable_attributes.ATTR_CODE_COLUMN_NUMBER;
	exports.ATTR_CODE_FILE_PATH = require_stable_attributes.ATTR_CODE_FILE_PATH;
	exports.ATTR_CODE_FUNCTION_NAME = require_stable_attributes.ATTR_CODE_FUNCTION_NAME;
	exports.ATTR_CODE_LINE_NUMBER = require_stable_attributes.ATTR_CODE_LINE_NUMBER;
	exports.ATTR_CODE_STACKTRACE = require_stable_attributes.ATTR_CODE_STACKTRACE;
	exports.ATTR_CONTAINER_ID = require_stable_attributes.ATTR_CONTAINER_ID;
	exports.ATTR_CONTAINER_IMAGE_NAME = require_stable_attributes.ATTR_CONTAINER_IMAGE_NAME;
	exports.ATTR_CONTAINER_IMAGE_REPO_DIGESTS = require_stable_attributes.ATTR_CONTAINER_IMAGE_REPO_DIGESTS;
	exports.ATTR_CONTAINER_IMAGE_TAGS = require_stable_attributes.ATTR_CONTAINER_IMAGE_TAGS;
	exports.ATTR_DB_COLLECTION_NAME = require_stable_attributes.ATTR_DB_COLLECTION_NAME;
	exports.ATTR_DB_NAMESPACE = require_stable_attributes.ATTR_DB_NAMESPACE;
	exports.ATTR_DB_OPERATION_BATCH_SIZE = require_stable_attributes.ATTR_DB_OPERATION_BATCH_SIZE;
	exports.ATTR_DB_OPERATION_NAME = require_stable_attributes.ATTR_DB_OPERATION_NAME;
	exports.ATTR_DB_QUERY_SUMMARY = require_stable_attributes.ATTR_DB_QUERY_SUMMARY;
	exports.ATTR_DB_QUERY_TEXT = require_stable_attributes.ATTR_DB_QUERY_TEXT;
	exports.ATTR_DB_RESPONSE_STATUS_CODE = require_stable_attributes.ATTR_DB_RESPONSE_STATUS_CODE;
	exports.ATTR_DB_STORED_PROCEDURE_NAME = require_stable_attributes.ATTR_DB_STORED_PROCEDURE_NAME;
	exports.ATTR_DB_SYSTEM_NAME = require_stable_attributes.ATTR_DB_SYSTEM_NAME;
	exports.ATTR_DEPLOYMENT_ENVIRONMENT_NAME = require_stable_attributes.ATTR_DEPLOYMENT_ENVIRONMENT_NAME;
	exports.ATTR_DOTNET_GC_HEAP_GENERATION = require_stable_attributes.ATTR_DOTNET_GC_HEAP_GENERATION;
	exports.ATTR_ERROR_TYPE = require_stable_attributes.ATTR_ERROR_TYPE;
	exports.ATTR_EXCEPTION_ESCAPED = require_stable_attributes.ATTR_EXCEPTION_ESCAPED;
	exports.ATTR_EXCEPTION_MESSAGE = require_stable_attributes.ATTR_EXCEPTION_MESSAGE;
	exports.ATTR_EXCEPTION_STACKTRACE = require_stable_attributes.ATTR_EXCEPTION_STACKTRACE;
	exports.ATTR_EXCEPTION_TYPE = require_stable_attributes.ATTR_EXCEPTION_TYPE;
	exports.ATTR_HTTP_REQUEST_HEADER = require_stable_attributes.ATTR_HTTP_REQUEST_HEADER;
	exports.ATTR_HTTP_REQUEST_METHOD = require_stable_attributes.ATTR_HTTP_REQUEST_METHOD;
	exports.ATTR_HTTP_REQUEST_METHOD_ORIGINAL = require_stable_attributes.ATTR_HTTP_REQUEST_METHOD_ORIGINAL;
	exports.ATTR_HTTP_REQUEST_RESEND_COUNT = require_stable_attributes.ATTR_HTTP_REQUEST_RESEND_COUNT;
	exports.ATTR_HTTP_RESPONSE_HEADER = require_stable_attributes.ATTR_HTTP_RESPONSE_HEADER;
	exports.ATTR_HTTP_RESPONSE_STATUS_CODE = require_stable_attributes.ATTR_HTTP_RESPONSE_STATUS_CODE;
	exports.ATTR_HTTP_ROUTE = require_stable_attributes.ATTR_HTTP_ROUTE;
	exports.ATTR_JVM_GC_ACTION = require_stable_attributes.ATTR_JVM_GC_ACTION;
	exports.ATTR_JVM_GC_NAME = require_stable_attributes.ATTR_JVM_GC_NAME;
	exports.ATTR_JVM_MEMORY_POOL_NAME = require_stable_attributes.ATTR_JVM_MEMORY_POOL_NAME;
	exports.ATTR_JVM_MEMORY_TYPE = require_stable_attributes.ATTR_JVM_MEMORY_TYPE;
	exports.ATTR_JVM_THREAD_DAEMON = require_stable_attributes.ATTR_JVM_THREAD_DAEMON;
	exports.ATTR_JVM_THREAD_STATE = require_stable_attributes.ATTR_JVM_THREAD_STATE;
	exports.ATTR_K8S_CLUSTER_NAME = require_stable_attributes.ATTR_K8S_CLUSTER_NAME;
	exports.ATTR_K8S_CLUSTER_UID = require_stable_attributes.ATTR_K8S_CLUSTER_UID;
	exports.ATTR_K8S_CONTAINER_NAME = require_stable_attributes.ATTR_K8S_CONTAINER_NAME;
	exports.ATTR_K8S_CONTAINER_RESTART_COUNT = require_stable_attributes.ATTR_K8S_CONTAINER_RESTART_COUNT;
	exports.ATTR_K8S_CRONJOB_ANNOTATION = require_stable_attributes.ATTR_K8S_CRONJOB_ANNOTATION;
	exports.ATTR_K8S_CRONJOB_LABEL = require_stable_attributes.ATTR_K8S_CRONJOB_LABEL;
	exports.ATTR_K8S_CRONJOB_NAME = require_stable_attributes.ATTR_K8S_CRONJOB_NAME;
	exports.ATTR_K8S_CRONJOB_UID = require_stable_attributes.ATTR_K8S_CRONJOB_UID;
	exports.ATTR_K8S_DAEMONSET_ANNOTATION = require_stable_attributes.ATTR_K8S_DAEMONSET_ANNOTATION;
	exports.ATTR_K8S_DAEMONSET_LABEL = require_stable_attributes.ATTR_K8S_DAEMONSET_LABEL;
	exports.ATTR_K8S_DAEMONSET_NAME = require_stable_attributes.ATTR_K8S_DAEMONSET_NAME;
	exports.ATTR_K8S_DAEMONSET_UID = require_stable_attributes.ATTR_K8S_DAEMONSET_UID;
	exports.ATTR_K8S_DEPLOYMENT_ANNOTATION = require_stable_attributes.ATTR_K8S_DEPLOYMENT_ANNOTATION;
	exports.ATTR_K8S_DEPLOYMENT_LABEL = require_stable_attributes.ATTR_K8S_DEPLOYMENT_LABEL;
	exports.ATTR_K8S_DEPLOYMENT_NAME = require_stable_attributes.ATTR_K8S_DEPLOYMENT_NAME;
	exports.ATTR_K8S_DEPLOYMENT_UID = require_stable_attributes.ATTR_K8S_DEPLOYMENT_UID;
	exports.ATTR_K8S_JOB_ANNOTATION = require_stable_attributes.ATTR_K8S_JOB_ANNOTATION;
	exports.ATTR_K8S_JOB_LABEL = require_stable_attributes.ATTR_K8S_JOB_LABEL;
	exports.ATTR_K8S_JOB_NAME = require_stable_attributes.ATTR_K8S_JOB_NAME;
	exports.ATTR_K8S_JOB_UID = require_stable_attributes.ATTR_K8S_JOB_UID;
	exports.ATTR_K8S_NAMESPACE_ANNOTATION = require_stable_attributes.ATTR_K8S_NAMESPACE_ANNOTATION;
	exports.ATTR_K8S_NAMESPACE_LABEL = require_stable_attributes.ATTR_K8S_NAMESPACE_LABEL;
	exports.ATTR_K8S_NAMESPACE_NAME = require_stable_attributes.ATTR_K8S_NAMESPACE_NAME;
	exports.ATTR_K8S_NODE_ANNOTATION = require_stable_attributes.ATTR_K8S_NODE_ANNOTATION;
	exports.ATTR_K8S_NODE_LABEL = require_stable_attributes.ATTR_K8S_NODE_LABEL;
	exports.ATTR_K8S_NODE_NAME = require_stable_attributes.ATTR_K8S_NODE_NAME;
	exports.ATTR_K8S_NODE_UID = require_stable_attributes.ATTR_K8S_NODE_UID;
	exports.ATTR_K8S_POD_ANNOTATION = require_stable_attributes.ATTR_K8S_POD_ANNOTATION;
	exports.ATTR_K8S_POD_HOSTNAME = require_stable_attributes.ATTR_K8S_POD_HOSTNAME;
	exports.ATTR_K8S_POD_IP = require_stable_attributes.ATTR_K8S_POD_IP;
	exports.ATTR_K8S_POD_LABEL = require_stable_attributes.ATTR_K8S_POD_LABEL;
	exports.ATTR_K8S_POD_NAME = require_stable_attributes.ATTR_K8S_POD_NAME;
	exports.ATTR_K8S_POD_START_TIME = require_stable_attributes.ATTR_K8S_POD_START_TIME;
	exports.ATTR_K8S_POD_UID = require_stable_attributes.ATTR_K8S_POD_UID;
	exports.ATTR_K8S_REPLICASET_ANNOTATION = require_stable_attributes.ATTR_K8S_REPLICASET_ANNOTATION;
	exports.ATTR_K8S_REPLICASET_LABEL = require_stable_attributes.ATTR_K8S_REPLICASET_LABEL;
	exports.ATTR_K8S_REPLICASET_NAME = require_stable_attributes.ATTR_K8S_REPLICASET_NAME;
	exports.ATTR_K8S_REPLICASET_UID = require_stable_attributes.ATTR_K8S_REPLICASET_UID;
	exports.ATTR_K8S_STATEFULSET_ANNOTATION = require_stable_attributes.ATTR_K8S_STATEFULSET_ANNOTATION;
	exports.ATTR_K8S_STATEFULSET_LABEL = require_stable_attributes.ATTR_K8S_STATEFULSET_LABEL;
	exports.ATTR_K8S_STATEFULSET_NAME = require_stable_attributes.ATTR_K8S_STATEFULSET_NAME;
	exports.ATTR_K8S_STATEFULSET_UID = require_stable_attributes.ATTR_K8S_STATEFULSET_UID;
	exports.ATTR_NETWORK_LOCAL_ADDRESS = require_stable_attributes.ATTR_NETWORK_LOCAL_ADDRESS;
	exports.ATTR_NETWORK_LOCAL_PORT = require_stable_attributes.ATTR_NETWORK_LOCAL_PORT;
	exports.ATTR_NETWORK_PEER_ADDRESS = require_stable_attributes.ATTR_NETWORK_PEER_ADDRESS;
	exports.ATTR_NETWORK_PEER_PORT = require_stable_attributes.ATTR_NETWORK_PEER_PORT;
	exports.ATTR_NETWORK_PROTOCOL_NAME = require_stable_attributes.ATTR_NETWORK_PROTOCOL_NAME;
	exports.ATTR_NETWORK_PROTOCOL_VERSION = require_stable_attributes.ATTR_NETWORK_PROTOCOL_VERSION;
	exports.ATTR_NETWORK_TRANSPORT = require_stable_attributes.ATTR_NETWORK_TRANSPORT;
	exports.ATTR_NETWORK_TYPE = require_stable_attributes.ATTR_NETWORK_TYPE;
	exports.ATTR_OTEL_EVENT_NAME = require_stable_attributes.ATTR_OTEL_EVENT_NAME;
	exports.ATTR_OTEL_SCOPE_NAME = require_stable_attributes.ATTR_OTEL_SCOPE_NAME;
	exports.ATTR_OTEL_SCOPE_VERSION = require_stable_attributes.ATTR_OTEL_SCOPE_VERSION;
	exports.ATTR_OTEL_STATUS_CODE = require_stable_attributes.ATTR_OTEL_STATUS_CODE;
	exports.ATTR_OTEL_STATUS_DESCRIPTION = require_stable_attributes.ATTR_OTEL_STATUS_DESCRIPTION;
	exports.ATTR_RPC_METHOD = require_stable_attributes.ATTR_RPC_METHOD;
	exports.ATTR_RPC_METHOD_ORIGINAL = require_stable_attributes.ATTR_RPC_METHOD_ORIGINAL;
	exports.ATTR_RPC_STATUS_CODE = require_stable_attributes.ATTR_RPC_STATUS_CODE;
	exports.ATTR_RPC_SYSTEM_NAME = require_stable_attributes.ATTR_RPC_SYSTEM_NAME;
	exports.ATTR_SERVER_ADDRESS = require_stable_attributes.ATTR_SERVER_ADDRESS;
	exports.ATTR_SERVER_PORT = require_stable_attributes.ATTR_SERVER_PORT;
	exports.ATTR_SERVICE_INSTANCE_ID = require_stable_attributes.ATTR_SERVICE_INSTANCE_ID;
	exports.ATTR_SERVICE_NAME = require_stable_attributes.ATTR_SERVICE_NAME;
	exports.ATTR_SERVICE_NAMESPACE = require_stable_attributes.ATTR_SERVICE_NAMESPACE;
	exports.ATTR_SERVICE_VERSION = require_stable_attributes.ATTR_SERVICE_VERSION;
	exports.ATTR_SIGNALR_CONNECTION_STATUS = require_stable_attributes.ATTR_SIGNALR_CONNECTION_STATUS;
	exports.ATTR_SIGNALR_TRANSPORT = require_stable_attributes.ATTR_SIGNALR_TRANSPORT;
	exports.ATTR_TELEMETRY_DISTRO_NAME = require_stable_attributes.ATTR_TELEMETRY_DISTRO_NAME;
	exports.ATTR_TELEMETRY_DISTRO_VERSION = require_stable_attributes.ATTR_TELEMETRY_DISTRO_VERSION;
	exports.ATTR_TELEMETRY_SDK_LANGUAGE = require_stable_attributes.ATTR_TELEMETRY_SDK_LANGUAGE;
	exports.ATTR_TELEMETRY_SDK_NAME = require_stable_attributes.ATTR_TELEMETRY_SDK_NAME;
	exports.ATTR_TELEMETRY_SDK_VERSION = require_stable_attributes.ATTR_TELEMETRY_SDK_VERSION;
	exports.ATTR_URL_FRAGMENT = require_stable_attributes.ATTR_URL_FRAGMENT;
	exports.ATTR_URL_FULL = require_stable_attributes.ATTR_URL_FULL;
	exports.ATTR_URL_PATH = require_stable_attributes.ATTR_URL_PATH;
	exports.ATTR_URL_QUERY = require_stable_attributes.ATTR_URL_QUERY;
	exports.ATTR_URL_SCHEME = require_stable_attributes.ATTR_URL_SCHEME;
	exports.ATTR_USER_AGENT_ORIGINAL = require_stable_attributes.ATTR_USER_AGENT_ORIGINAL;
	exports.AWSECSLAUNCHTYPEVALUES_EC2 = require_SemanticResourceAttributes.AWSECSLAUNCHTYPEVALUES_EC2;
	exports.AWSECSLAUNCHTYPEVALUES_FARGATE = require_SemanticResourceAttributes.AWSECSLAUNCHTYPEVALUES_FARGATE;
	exports.AwsEcsLaunchtypeValues = require_SemanticResourceAttributes.AwsEcsLaunchtypeValues;
	exports.CLOUDPLATFORMVALUES_ALIBABA_CLOUD_ECS = require_SemanticResourceAttributes.CLOUDPLATFORMVALUES_ALIBABA_CLOUD_ECS;
	exports.CLOUDPLATFORMVALUES_ALIBABA_CLOUD_FC = require_SemanticResourceAttributes.CLOUDPLATFORMVALUES_ALIBABA_CLOUD_FC;
	exports.CLOUDPLATFORMVALUES_AWS_EC2 = require_SemanticResourceAttributes.CLOUDPLATFORMVALUES_AWS_EC2;
	exports.CLOUDPLATFORMVALUES_AWS_ECS = require_SemanticResourceAttributes.CLOUDPLATFORMVALUES_AWS_ECS;
	exports.CLOUDPLATFORMVALUES_AWS_EKS = require_SemanticResourceAttributes.CLOUDPLATFORMVALUES_AWS_EKS;
	exports.CLOUDPLATFORMVALUES_AWS_ELASTIC_BEANSTALK = require_SemanticResourceAttributes.CLOUDPLATFORMVALUES_AWS_ELASTIC_BEANSTALK;
	exports.CLOUDPLATFORMVALUES_AWS_LAMBDA = require_SemanticResourceAttributes.CLOUDPLATFORMVALUES_AWS_LAMBDA;
	exports.CLOUDPLATFORMVALUES_AZURE_AKS = require_SemanticResourceAttributes.CLOUDPLATFORMVALUES_AZURE_AKS;
	exports.CLOUDPLATFORMVALUES_AZURE_APP_SERVICE = require_SemanticResourceAttributes.CLOUDPLATFORMVALUES_AZURE_APP_SERVICE;
	exports.CLOUDPLATFORMVALUES_AZURE_CONTAINER_INSTANCES = require_SemanticResourceAttributes.CLOUDPLATFORMVALUES_AZURE_CONTAINER_INSTANCES;
	exports.CLOUDPLATFORMVALUES_AZURE_FUNCTIONS = require_SemanticResourceAttributes.CLOUDPLATFORMVALUES_AZURE_FUNCTIONS;
	exports.CLOUDPLATFORMVALUES_AZURE_VM = require_SemanticResourceAttributes.CLOUDPLATFORMVALUES_AZURE_VM;
	exports.CLOUDPLATFORMVALUES_GCP_APP_ENGINE = require_SemanticResourceAttributes.CLOUDPLATFORMVALUES_GCP_APP_ENGINE;
	exports.CLOUDPLATFORMVALUES_GCP_CLOUD_FUNCTIONS = require_SemanticResourceAttributes.CLOUDPLATFORMVALUES_GCP_CLOUD_FUNCTIONS;
	exports.CLOUDPLATFORMVALUES_GCP_CLOUD_RUN = require_SemanticResourceAttributes.CLOUDPLATFORMVALUES_GCP_CLOUD_RUN;
	exports.CLOUDPLATFORMVALUES_GCP_COMPUTE_ENGINE = require_SemanticResourceAttributes.CLOUDPLATFORMVALUES_GCP_COMPUTE_ENGINE;
	exports.CLOUDPLATFORMVALUES_GCP_KUBERNETES_ENGINE = require_SemanticResourceAttributes.CLOUDPLATFORMVALUES_GCP_KUBERNETES_ENGINE;
	exports.CLOUDPROVIDERVALUES_ALIBABA_CLOUD = require_SemanticResourceAttributes.CLOUDPROVIDERVALUES_ALIBABA_CLOUD;
	exports.CLOUDPROVIDERVALUES_AWS = require_SemanticResourceAttributes.CLOUDPROVIDERVALUES_AWS;
	exports.CLOUDPROVIDERVALUES_AZURE = require_SemanticResourceAttributes.CLOUDPROVIDERVALUES_AZURE;
	exports.CLOUDPROVIDERVALUES_GCP = require_SemanticResourceAttributes.CLOUDPROVIDERVALUES_GCP;
	exports.CloudPlatformValues = require_SemanticResourceAttributes.CloudPlatformValues;
	exports.CloudProviderValues = require_SemanticResourceAttributes.CloudProviderValues;
	exports.DBCASSANDRACONSISTENCYLEVELVALUES_ALL = require_SemanticAttributes.DBCASSANDRACONSISTENCYLEVELVALUES_ALL;
	exports.DBCASSANDRACONSISTENCYLEVELVALUES_ANY = require_SemanticAttributes.DBCASSANDRACONSISTENCYLEVELVALUES_ANY;
	exports.DBCASSANDRACONSISTENCYLEVELVALUES_EACH_QUORUM = require_SemanticAttributes.DBCASSANDRACONSISTENCYLEVELVALUES_EACH_QUORUM;
	exports.DBCASSANDRACONSISTENCYLEVELVALUES_LOCAL_ONE = require_SemanticAttributes.DBCASSANDRACONSISTENCYLEVELVALUES_LOCAL_ONE;
	exports.DBCASSANDRACONSISTENCYLEVELVALUES_LOCAL_QUORUM = require_SemanticAttributes.DBCASSANDRACONSISTENCYLEVELVALUES_LOCAL_QUORUM;
	exports.DBCASSANDRACONSISTENCYLEVELVALUES_LOCAL_SERIAL = require_SemanticAttributes.DBCASSANDRACONSISTENCYLEVELVALUES_LOCAL_SERIAL;
	exports.DBCASSANDRACONSISTENCYLEVELVALUES_ONE = require_SemanticAttributes.DBCASSANDRACONSISTENCYLEVELVALUES_ONE;
	exports.DBCASSANDRACONSISTENCYLEVELVALUES_QUORUM = require_SemanticAttributes.DBCASSANDRACONSISTENCYLEVELVALUES_QUORUM;
	exports.DBCASSANDRACONSISTENCYLEVELVALUES_SERIAL = require_SemanticAttributes.DBCASSANDRACONSISTENCYLEVELVALUES_SERIAL;
	exports.DBCASSANDRACONSISTENCYLEVELVALUES_THREE = require_SemanticAttributes.DBCASSANDRACONSISTENCYLEVELVALUES_THREE;
	exports.DBCASSANDRACONSISTENCYLEVELVALUES_TWO = require_SemanticAttributes.DBCASSANDRACONSISTENCYLEVELVALUES_TWO;
	exports.DBSYSTEMVALUES_ADABAS = require_SemanticAttributes.DBSYSTEMVALUES_ADABAS;
	exports.DBSYSTEMVALUES_CACHE = require_SemanticAttributes.DBSYSTEMVALUES_CACHE;
	exports.DBSYSTEMVALUES_CASSANDRA = require_SemanticAttributes.DBSYSTEMVALUES_CASSANDRA;
	exports.DBSYSTEMVALUES_CLOUDSCAPE = require_SemanticAttributes.DBSYSTEMVALUES_CLOUDSCAPE;
	exports.DBSYSTEMVALUES_COCKROACHDB = require_SemanticAttributes.DBSYSTEMVALUES_COCKROACHDB;
	exports.DBSYSTEMVALUES_COLDFUSION = require_SemanticAttributes.DBSYSTEMVALUES_COLDFUSION;
	exports.DBSYSTEMVALUES_COSMOSDB = require_SemanticAttributes.DBSYSTEMVALUES_COSMOSDB;
	exports.DBSYSTEMVALUES_COUCHBASE = require_SemanticAttributes.DBSYSTEMVALUES_COUCHBASE;
	exports.DBSYSTEMVALUES_COUCHDB = require_SemanticAttributes.DBSYSTEMVALUES_COUCHDB;
	exports.DBSYSTEMVALUES_DB2 = require_SemanticAttributes.DBSYSTEMVALUES_DB2;
	exports.DBSYSTEMVALUES_DERBY = require_SemanticAttributes.DBSYSTEMVALUES_DERBY;
	exports.DBSYSTEMVALUES_DYNAMODB = require_SemanticAttributes.DBSYSTEMVALUES_DYNAMODB;
	exports.DBSYSTEMVALUES_EDB = require_SemanticAttributes.DBSYSTEMVALUES_EDB;
	exports.DBSYSTEMVALUES_ELASTICSEARCH = require_SemanticAttributes.DBSYSTEMVALUES_ELASTICSEARCH;
	exports.DBSYSTEMVALUES_FILEMAKER = require_SemanticAttributes.DBSYSTEMVALUES_FILEMAKER;
	exports.DBSYSTEMVALUES_FIREBIRD = require_SemanticAttributes.DBSYSTEMVALUES_FIREBIRD;
	exports.DBSYSTEMVALUES_FIRSTSQL = require_SemanticAttributes.DBSYSTEMVALUES_FIRSTSQL;
	exports.DBSYSTEMVALUES_GEODE = require_SemanticAttributes.DBSYSTEMVALUES_GEODE;
	exports.DBSYSTEMVALUES_H2 = require_SemanticAttributes.DBSYSTEMVALUES_H2;
	exports.DBSYSTEMVALUES_HANADB = require_SemanticAttributes.DBSYSTEMVALUES_HANADB;
	exports.DBSYSTEMVALUES_HBASE = require_SemanticAttributes.DBSYSTEMVALUES_HBASE;
	exports.DBSYSTEMVALUES_HIVE = require_SemanticAttributes.DBSYSTEMVALUES_HIVE;
	exports.DBSYSTEMVALUES_HSQLDB = require_SemanticAttributes.DBSYSTEMVALUES_HSQLDB;
	exports.DBSYSTEMVALUES_INFORMIX = require_SemanticAttributes.DBSYSTEMVALUES_INFORMIX;
	exports.DBSYSTEMVALUES_INGRES = require_SemanticAttributes.DBSYSTEMVALUES_INGRES;
	exports.DBSYSTEMVALUES_INSTANTDB = require_SemanticAttributes.DBSYSTEMVALUES_INSTANTDB;
	exports.DBSYSTEMVALUES_INTERBASE = require_SemanticAttributes.DBSYSTEMVALUES_INTERBASE;
	exports.DBSYSTEMVALUES_MARIADB = require_SemanticAttributes.DBSYSTEMVALUES_MARIADB;
	exports.DBSYSTEMVALUES_MAXDB = require_SemanticAttributes.DBSYSTEMVALUES_MAXDB;
	exports.DBSYSTEMVALUES_MEMCACHED = require_SemanticAttributes.DBSYSTEMVALUES_MEMCACHED;
	exports.DBSYSTEMVALUES_MONGODB = require_SemanticAttributes.DBSYSTEMVALUES_MONGODB;
	exports.DBSYSTEMVALUES_MSSQL = require_SemanticAttributes.DBSYSTEMVALUES_MSSQL;
	exports.DBSYSTEMVALUES_MYSQL = require_SemanticAttributes.DBSYSTEMVALUES_MYSQL;
	exports.DBSYSTEMVALUES_NEO4J = require_SemanticAttributes.DBSYSTEMVALUES_NEO4J;
	exports.DBSYSTEMVALUES_NETEZZA = require_SemanticAttributes.DBSYSTEMVALUES_NETEZZA;
	exports.DBSYSTEMVALUES_ORACLE = require_SemanticAttributes.DBSYSTEMVALUES_ORACLE;
	exports.DBSYSTEMVALUES_OTHER_SQL = require_SemanticAttributes.DBSYSTEMVALUES_OTHER_SQL;
	exports.DBSYSTEMVALUES_PERVASIVE = require_SemanticAttributes.DBSYSTEMVALUES_PERVASIVE;
	exports.DBSYSTEMVALUES_POINTBASE = require_SemanticAttributes.DBSYSTEMVALUES_POINTBASE;
	exports.DBSYSTEMVALUES_POSTGRESQL = require_SemanticAttributes.DBSYSTEMVALUES_POSTGRESQL;
	exports.DBSYSTEMVALUES_PROGRESS = require_SemanticAttributes.DBSYSTEMVALUES_PROGRESS;
	exports.DBSYSTEMVALUES_REDIS = require_SemanticAttributes.DBSYSTEMVALUES_REDIS;
	exports.DBSYSTEMVALUES_REDSHIFT = require_SemanticAttributes.DBSYSTEMVALUES_REDSHIFT;
	exports.DBSYSTEMVALUES_SQLITE = require_SemanticAttributes.DBSYSTEMVALUES_SQLITE;
	exports.DBSYSTEMVALUES_SYBASE = require_SemanticAttributes.DBSYSTEMVALUES_SYBASE;
	exports.DBSYSTEMVALUES_TERADATA = require_SemanticAttributes.DBSYSTEMVALUES_TERADATA;
	exports.DBSYSTEMVALUES_VERTICA = require_SemanticAttributes.DBSYSTEMVALUES_VERTICA;
	exports.DB_SYSTEM_NAME_VALUE_MARIADB = require_stable_attributes.DB_SYSTEM_NAME_VALUE_MARIADB;
	exports.DB_SYSTEM_NAME_VALUE_MICROSOFT_SQL_SERVER = require_stable_attributes.DB_SYSTEM_NAME_VALUE_MICROSOFT_SQL_SERVER;
	exports.DB_SYSTEM_NAME_VALUE_MYSQL = require_stable_attributes.DB_SYSTEM_NAME_VALUE_MYSQL;
	exports.DB_SYSTEM_NAME_VALUE_POSTGRESQL = require_stable_attributes.DB_SYSTEM_NAME_VALUE_POSTGRESQL;
	exports.DEPLOYMENT_ENVIRONMENT_NAME_VALUE_DEVELOPMENT = require_stable_attributes.DEPLOYMENT_ENVIRONMENT_NAME_VALUE_DEVELOPMENT;
	exports.DEPLOYMENT_ENVIRONMENT_NAME_VALUE_PRODUCTION = require_stable_attributes.DEPLOYMENT_ENVIRONMENT_NAME_VALUE_PRODUCTION;
	exports.DEPLOYMENT_ENVIRONMENT_NAME_VALUE_STAGING = require_stable_attributes.DEPLOYMENT_ENVIRONMENT_NAME_VALUE_STAGING;
	exports.DEPLOYMENT_ENVIRONMENT_NAME_VALUE_TEST = require_stable_attributes.DEPLOYMENT_ENVIRONMENT_NAME_VALUE_TEST;
	exports.DOTNET_GC_HEAP_GENERATION_VALUE_GEN0 = require_stable_attributes.DOTNET_GC_HEAP_GENERATION_VALUE_GEN0;
	exports.DOTNET_GC_HEAP_GENERATION_VALUE_GEN1 = require_stable_attributes.DOTNET_GC_HEAP_GENERATION_VALUE_GEN1;
	exports.DOTNET_GC_HEAP_GENERATION_VALUE_GEN2 = require_stable_attributes.DOTNET_GC_HEAP_GENERATION_VALUE_GEN2;
	exports.DOTNET_GC_HEAP_GENERATION_VALUE_LOH = require_stable_attributes.DOTNET_GC_HEAP_GENERATION_VALUE_LOH;
	exports.DOTNET_GC_HEAP_GENERATION_VALUE_POH = require_stable_attributes.DOTNET_GC_HEAP_GENERATION_VALUE_POH;
	exports.DbCassandraConsistencyLevelValues = require_SemanticAttributes.DbCassandraConsistencyLevelValues;
	exports.DbSystemValues = require_SemanticAttributes.DbSystemValues;
	exports.ERROR_TYPE_VALUE_OTHER = require_stable_attributes.ERROR_TYPE_VALUE_OTHER;
	exports.EVENT_EXCEPTION = require_stable_events.EVENT_EXCEPTION;
	exports.FAASDOCUMENTOPERATIONVALUES_DELETE = require_SemanticAttributes.FAASDOCUMENTOPERATIONVALUES_DELETE;
	exports.FAASDOCUMENTOPERATIONVALUES_EDIT = require_SemanticAttributes.FAASDOCUMENTOPERATIONVALUES_EDIT;
	exports.FAASDOCUMENTOPERATIONVALUES_INSERT = require_SemanticAttributes.FAASDOCUMENTOPERATIONVALUES_INSERT;
	exports.FAASINVOKEDPROVIDERVALUES_ALIBABA_CLOUD = require_SemanticAttributes.FAASINVOKEDPROVIDERVALUES_ALIBABA_CLOUD;
	exports.FAASINVOKEDPROVIDERVALUES_AWS = require_SemanticAttributes.FAASINVOKEDPROVIDERVALUES_AWS;
	exports.FAASINVOKEDPROVIDERVALUES_AZURE = require_SemanticAttributes.FAASINVOKEDPROVIDERVALUES_AZURE;
	exports.FAASINVOKEDPROVIDERVALUES_GCP = require_SemanticAttributes.FAASINVOKEDPROVIDERVALUES_GCP;
	exports.FAASTRIGGERVALUES_DATASOURCE = require_SemanticAttributes.FAASTRIGGERVALUES_DATASOURCE;
	exports.FAASTRIGGERVALUES_HTTP = require_SemanticAttributes.FAASTRIGGERVALUES_HTTP;
	exports.FAASTRIGGERVALUES_OTHER = require_SemanticAttributes.FAASTRIGGERVALUES_OTHER;
	exports.FAASTRIGGERVALUES_PUBSUB = require_SemanticAttributes.FAASTRIGGERVALUES_PUBSUB;
	exports.FAASTRIGGERVALUES_TIMER = require_SemanticAttributes.FAASTRIGGERVALUES_TIMER;
	exports.FaasDocumentOperationValues = require_SemanticAttributes.FaasDocumentOperationValues;
	exports.FaasInvokedProviderValues = require_SemanticAttributes.FaasInvokedProviderValues;
	exports.FaasTriggerValues = require_SemanticAttributes.FaasTriggerValues;
	exports.HOSTARCHVALUES_AMD64 = require_SemanticResourceAttributes.HOSTARCHVALUES_AMD64;
	exports.HOSTARCHVALUES_ARM32 = require_SemanticResourceAttributes.HOSTARCHVALUES_ARM32;
	exports.HOSTARCHVALUES_ARM64 = require_SemanticResourceAttributes.HOSTARCHVALUES_ARM64;
	exports.HOSTARCHVALUES_IA64 = require_SemanticResourceAttributes.HOSTARCHVALUES_IA64;
	exports.HOSTARCHVALUES_PPC32 = require_SemanticResourceAttributes.HOSTARCHVALUES_PPC32;
	exports.HOSTARCHVALUES_PPC64 = require_SemanticResourceAttributes.HOSTARCHVALUES_PPC64;
	exports.HOSTARCHVALUES_X86 = require_SemanticResourceAttributes.HOSTARCHVALUES_X86;
	exports.HTTPFLAVORVALUES_HTTP_1_0 = require_SemanticAttributes.HTTPFLAVORVALUES_HTTP_1_0;
	exports.HTTPFLAVORVALUES_HTTP_1_1 = require_SemanticAttributes.HTTPFLAVORVALUES_HTTP_1_1;
	exports.HTTPFLAVORVALUES_HTTP_2_0 = require_SemanticAttributes.HTTPFLAVORVALUES_HTTP_2_0;
	exports.HTTPFLAVORVALUES_QUIC = require_SemanticAttributes.HTTPFLAVORVALUES_QUIC;
	exports.HTTPFLAVORVALUES_SPDY = require_SemanticAttributes.HTTPFLAVORVALUES_SPDY;
	exports.HTTP_REQUEST_METHOD_VALUE_CONNECT = require_stable_attributes.HTTP_REQUEST_METHOD_VALUE_CONNECT;
	exports.HTTP_REQUEST_METHOD_VALUE_DELETE = require_stable_attributes.HTTP_REQUEST_METHOD_VALUE_DELETE;
	exports.HTTP_REQUEST_METHOD_VALUE_GET = require_stable_attributes.HTTP_REQUEST_METHOD_VALUE_GET;
	exports.HTTP_REQUEST_METHOD_VALUE_HEAD = require_stable_attributes.HTTP_REQUEST_METHOD_VALUE_HEAD;
	exports.HTTP_REQUEST_METHOD_VALUE_OPTIONS = require_stable_attributes.HTTP_REQUEST_METHOD_VALUE_OPTIONS;
	exports.HTTP_REQUEST_METHOD_VALUE_OTHER = require_stable_attributes.HTTP_REQUEST_METHOD_VALUE_OTHER;
	exports.HTTP_REQUEST_METHOD_VALUE_PATCH = require_stable_attributes.HTTP_REQUEST_METHOD_VALUE_PATCH;
	exports.HTTP_REQUEST_METHOD_VALUE_POST = require_stable_attributes.HTTP_REQUEST_METHOD_VALUE_POST;
	exports.HTTP_REQUEST_METHOD_VALUE_PUT = require_stable_attributes.HTTP_REQUEST_METHOD_VALUE_PUT;
	exports.HTTP_REQUEST_METHOD_VALUE_TRACE = require_stable_attributes.HTTP_REQUEST_METHOD_VALUE_TRACE;
	exports.HostArchValues = require_SemanticResourceAttributes.HostArchValues;
	exports.HttpFlavorValues = require_SemanticAttributes.HttpFlavorValues;
	exports.JVM_MEMORY_TYPE_VALUE_HEAP = require_stable_attributes.JVM_MEMORY_TYPE_VALUE_HEAP;
	exports.JVM_MEMORY_TYPE_VALUE_NON_HEAP = require_stable_attributes.JVM_MEMORY_TYPE_VALUE_NON_HEAP;
	exports.JVM_THREAD_STATE_VALUE_BLOCKED = require_stable_attributes.JVM_THREAD_STATE_VALUE_BLOCKED;
	exports.JVM_THREAD_STATE_VALUE_NEW = require_stable_attributes.JVM_THREAD_STATE_VALUE_NEW;
	exports.JVM_THREAD_STATE_VALUE_RUNNABLE = require_stable_attributes.JVM_THREAD_STATE_VALUE_RUNNABLE;
	exports.JVM_THREAD_STATE_VALUE_TERMINATED = require_stable_attributes.JVM_THREAD_STATE_VALUE_TERMINATED;
	exports.JVM_THREAD_STATE_VALUE_TIMED_WAITING = require_stable_attributes.JVM_THREAD_STATE_VALUE_TIMED_WAITING;
	exports.JVM_THREAD_STATE_VALUE_WAITING = require_stable_attributes.JVM_THREAD_STATE_VALUE_WAITING;
	exports.MESSAGETYPEVALUES_RECEIVED = require_SemanticAttributes.MESSAGETYPEVALUES_RECEIVED;
	exports.MESSAGETYPEVALUES_SENT = require_SemanticAttributes.MESSAGETYPEVALUES_SENT;
	exports.MESSAGINGDESTINATIONKINDVALUES_QUEUE = require_SemanticAttributes.MESSAGINGDESTINATIONKINDVALUES_QUEUE;
	exports.MESSAGINGDESTINATIONKINDVALUES_TOPIC = require_SemanticAttributes.MESSAGINGDESTINATIONKINDVALUES_TOPIC;
	exports.MESSAGINGOPERATIONVALUES_PROCESS = require_SemanticAttributes.MESSAGINGOPERATIONVALUES_PROCESS;
	exports.MESSAGINGOPERATIONVALUES_RECEIVE = require_SemanticAttributes.MESSAGINGOPERATIONVALUES_RECEIVE;
	exports.METRIC_ASPNETCORE_DIAGNOSTICS_EXCEPTIONS = require_stable_metrics.METRIC_ASPNETCORE_DIAGNOSTICS_EXCEPTIONS;
	exports.METRIC_ASPNETCORE_RATE_LIMITING_ACTIVE_REQUEST_LEASES = require_stable_metrics.METRIC_ASPNETCORE_RATE_LIMITING_ACTIVE_REQUEST_LEASES;
	exports.METRIC_ASPNETCORE_RATE_LIMITING_QUEUED_REQUESTS = require_stable_metrics.METRIC_ASPNETCORE_RATE_LIMITING_QUEUED_REQUESTS;
	exports.METRIC_ASPNETCORE_RATE_LIMITING_REQUESTS = require_stable_metrics.METRIC_ASPNETCORE_RATE_LIMITING_REQUESTS;
	exports.METRIC_ASPNETCORE_RATE_LIMITING_REQUEST_LEASE_DURATION = require_stable_metrics.METRIC_ASPNETCORE_RATE_LIMITING_REQUEST_LEASE_DURATION;
	exports.METRIC_ASPNETCORE_RATE_LIMITING_REQUEST_TIME_IN_QUEUE = require_stable_metrics.METRIC_ASPNETCORE_RATE_LIMITING_REQUEST_TIME_IN_QUEUE;
	exports.METRIC_ASPNETCORE_ROUTING_MATCH_ATTEMPTS = require_stable_metrics.METRIC_ASPNETCORE_ROUTING_MATCH_ATTEMPTS;
	exports.METRIC_DB_CLIENT_OPERATION_DURATION = require_stable_metrics.METRIC_DB_CLIENT_OPERATION_DURATION;
	exports.METRIC_DOTNET_ASSEMBLY_COUNT = require_stable_metrics.METRIC_DOTNET_ASSEMBLY_COUNT;
	exports.METRIC_DOTNET_EXCEPTIONS = require_stable_metrics.METRIC_DOTNET_EXCEPTIONS;
	exports.METRIC_DOTNET_GC_COLLECTIONS = require_stable_metrics.METRIC_DOTNET_GC_COLLECTIONS;
	exports.METRIC_DOTNET_GC_HEAP_TOTAL_ALLOCATED = require_stable_metrics.METRIC_DOTNET_GC_HEAP_TOTAL_ALLOCATED;
	exports.METRIC_DOTNET_GC_LAST_COLLECTION_HEAP_FRAGMENTATION_SIZE = require_stable_metrics.METRIC_DOTNET_GC_LAST_COLLECTION_HEAP_FRAGMENTATION_SIZE;
	exports.METRIC_DOTNET_GC_LAST_COLLECTION_HEAP_SIZE = require_stable_metrics.METRIC_DOTNET_GC_LAST_COLLECTION_HEAP_SIZE;
	exports.METRIC_DOTNET_GC_LAST_COLLECTION_MEMORY_COMMITTED_SIZE = require_stable_metrics.METRIC_DOTNET_GC_LAST_COLLECTION_MEMORY_COMMITTED_SIZE;
	exports.METRIC_DOTNET_GC_PAUSE_TIME = require_stable_metrics.METRIC_DOTNET_GC_PAUSE_TIME;
	exports.METRIC_DOTNET_JIT_COMPILATION_TIME = require_stable_metrics.METRIC_DOTNET_JIT_COMPILATION_TIME;
	exports.METRIC_DOTNET_JIT_COMPILED_IL_SIZE = require_stable_metrics.METRIC_DOTNET_JIT_COMPILED_IL_SIZE;
	exports.METRIC_DOTNET_JIT_COMPILED_METHODS = require_stable_metrics.METRIC_DOTNET_JIT_COMPILED_METHODS;
	exports.METRIC_DOTNET_MONITOR_LOCK_CONTENTIONS = require_stable_metrics.METRIC_DOTNET_MONITOR_LOCK_CONTENTIONS;
	exports.METRIC_DOTNET_PROCESS_CPU_COUNT = require_stable_metrics.METRIC_DOTNET_PROCESS_CPU_COUNT;
	exports.METRIC_DOTNET_PROCESS_CPU_TIME = require_stable_metrics.METRIC_DOTNET_PROCESS_CPU_TIME;
	exports.METRIC_DOTNET_PROCESS_MEMORY_WORKING_SET = require_stable_metrics.METRIC_DOTNET_PROCESS_MEMORY_WORKING_SET;
	exports.METRIC_DOTNET_THREAD_POOL_QUEUE_LENGTH = require_stable_metrics.METRIC_DOTNET_THREAD_POOL_QUEUE_LENGTH;
	exports.METRIC_DOTNET_THREAD_POOL_THREAD_COUNT = require_stable_metrics.METRIC_DOTNET_THREAD_POOL_THREAD_COUNT;
	exports.METRIC_DOTNET_THREAD_POOL_WORK_ITEM_COUNT = require_stable_metrics.METRIC_DOTNET_THREAD_POOL_WORK_ITEM_COUNT;
	exports.METRIC_DOTNET_TIMER_COUNT = require_stable_metrics.METRIC_DOTNET_TIMER_COUNT;
	exports.METRIC_HTTP_CLIENT_REQUEST_DURATION = require_stable_metrics.METRIC_HTTP_CLIENT_REQUEST_DURATION;
	exports.METRIC_HTTP_SERVER_REQUEST_DURATION = require_stable_metrics.METRIC_HTTP_SERVER_REQUEST_DURATION;
	exports.METRIC_JVM_CLASS_COUNT = require_stable_metrics.METRIC_JVM_CLASS_COUNT;
	exports.METRIC_JVM_CLASS_LOADED = require_stable_metrics.METRIC_JVM_CLASS_LOADED;
	exports.METRIC_JVM_CLASS_UNLOADED = require_stable_metrics.METRIC_JVM_CLASS_UNLOADED;
	exports.METRIC_JVM_CPU_COUNT = require_stable_metrics.METRIC_JVM_CPU_COUNT;
	exports.METRIC_JVM_CPU_RECENT_UTILIZATION = require_stable_metrics.METRIC_JVM_CPU_RECENT_UTILIZATION;
	exports.METRIC_JVM_CPU_TIME = require_stable_metrics.METRIC_JVM_CPU_TIME;
	exports.METRIC_JVM_GC_DURATION = require_stable_metrics.METRIC_JVM_GC_DURATION;
	exports.METRIC_JVM_MEMORY_COMMITTED = require_stable_metrics.METRIC_JVM_MEMORY_COMMITTED;
	exports.METRIC_JVM_MEMORY_LIMIT = require_stable_metrics.METRIC_JVM_MEMORY_LIMIT;
	exports.METRIC_JVM_MEMORY_USED = require_stable_metrics.METRIC_JVM_MEMORY_USED;
	exports.METRIC_JVM_MEMORY_USED_AFTER_LAST_GC = require_stable_metrics.METRIC_JVM_MEMORY_USED_AFTER_LAST_GC;
	exports.METRIC_JVM_THREAD_COUNT = require_stable_metrics.METRIC_JVM_THREAD_COUNT;
	exports.METRIC_KESTREL_ACTIVE_CONNECTIONS = require_stable_metrics.METRIC_KESTREL_ACTIVE_CONNECTIONS;
	exports.METRIC_KESTREL_ACTIVE_TLS_HANDSHAKES = require_stable_metrics.METRIC_KESTREL_ACTIVE_TLS_HANDSHAKES;
	exports.METRIC_KESTREL_CONNECTION_DURATION = require_stable_metrics.METRIC_KESTREL_CONNECTION_DURATION;
	exports.METRIC_KESTREL_QUEUED_CONNECTIONS = require_stable_metrics.METRIC_KESTREL_QUEUED_CONNECTIONS;
	exports.METRIC_KESTREL_QUEUED_REQUESTS = require_stable_metrics.METRIC_KESTREL_QUEUED_REQUESTS;
	exports.METRIC_KESTREL_REJECTED_CONNECTIONS = require_stable_metrics.METRIC_KESTREL_REJECTED_CONNECTIONS;
	exports.METRIC_KESTREL_TLS_HANDSHAKE_DURATION = require_stable_metrics.METRIC_KESTREL_TLS_HANDSHAKE_DURATION;
	exports.METRIC_KESTREL_UPGRADED_CONNECTIONS = require_stable_metrics.METRIC_KESTREL_UPGRADED_CONNECTIONS;
	exports.METRIC_RPC_CLIENT_CALL_DURATION = require_stable_metrics.METRIC_RPC_CLIENT_CALL_DURATION;
	exports.METRIC_RPC_SERVER_CALL_DURATION = require_stable_metrics.METRIC_RPC_SERVER_CALL_DURATION;
	exports.METRIC_SIGNALR_SERVER_ACTIVE_CONNECTIONS = require_stable_metrics.METRIC_SIGNALR_SERVER_ACTIVE_CONNECTIONS;
	exports.METRIC_SIGNALR_SERVER_CONNECTION_DURATION = require_stable_metrics.METRIC_SIGNALR_SERVER_CONNECTION_DURATION;
	exports.MessageTypeValues = require_SemanticAttributes.MessageTypeValues;
	exports.MessagingDestinationKindValues = require_SemanticAttributes.MessagingDestinationKindValues;
	exports.MessagingOperationValues = require_SemanticAttributes.MessagingOperationValues;
	exports.NETHOSTCONNECTIONSUBTYPEVALUES_CDMA = require_SemanticAttributes.NETHOSTCONNECTIONSUBTYPEVALUES_CDMA;
	exports.NETHOSTCONNECTIONSUBTYPEVALUES_CDMA2000_1XRTT = require_SemanticAttributes.NETHOSTCONNECTIONSUBTYPEVALUES_CDMA2000_1XRTT;
	exports.NETHOSTCONNECTIONSUBTYPEVALUES_EDGE = require_SemanticAttributes.NETHOSTCONNECTIONSUBTYPEVALUES_EDGE;
	exports.NETHOSTCONNECTIONSUBTYPEVALUES_EHRPD = require_SemanticAttributes.NETHOSTCONNECTIONSUBTYPEVALUES_EHRPD;
	exports.NETHOSTCONNECTIONSUBTYPEVALUES_EVDO_0 = require_SemanticAttributes.NETHOSTCONNECTIONSUBTYPEVALUES_EVDO_0;
	exports.NETHOSTCONNECTIONSUBTYPEVALUES_EVDO_A = require_SemanticAttributes.NETHOSTCONNECTIONSUBTYPEVALUES_EVDO_A;
	exports.NETHOSTCONNECTIONSUBTYPEVALUES_EVDO_B = require_SemanticAttributes.NETHOSTCONNECTIONSUBTYPEVALUES_EVDO_B;
	exports.NETHOSTCONNECTIONSUBTYPEVALUES_GPRS = require_SemanticAttributes.NETHOSTCONNECTIONSUBTYPEVALUES_GPRS;
	exports.NETHOSTCONNECTIONSUBTYPEVALUES_GSM = require_SemanticAttributes.NETHOSTCONNECTIONSUBTYPEVALUES_GSM;
	exports.NETHOSTCONNECTIONSUBTYPEVALUES_HSDPA = require_SemanticAttributes.NETHOSTCONNECTIONSUBTYPEVALUES_HSDPA;
	exports.NETHOSTCONNECTIONSUBTYPEVALUES_HSPA = require_SemanticAttributes.NETHOSTCONNECTIONSUBTYPEVALUES_HSPA;
	exports.NETHOSTCONNECTIONSUBTYPEVALUES_HSPAP = require_SemanticAttributes.NETHOSTCONNECTIONSUBTYPEVALUES_HSPAP;
	exports.NETHOSTCONNECTIONSUBTYPEVALUES_HSUPA = require_SemanticAttributes.NETHOSTCONNECTIONSUBTYPEVALUES_HSUPA;
	exports.NETHOSTCONNECTIONSUBTYPEVALUES_IDEN = require_SemanticAttributes.NETHOSTCONNECTIONSUBTYPEVALUES_IDEN;
	exports.NETHOSTCONNECTIONSUBTYPEVALUES_IWLAN = require_SemanticAttributes.NETHOSTCONNECTIONSUBTYPEVALUES_IWLAN;
	exports.NETHOSTCONNECTIONSUBTYPEVALUES_LTE = require_SemanticAttributes.NETHOSTCONNECTIONSUBTYPEVALUES_LTE;
	exports.NETHOSTCONNECTIONSUBTYPEVALUES_LTE_CA = require_SemanticAttributes.NETHOSTCONNECTIONSUBTYPEVALUES_LTE_CA;
	exports.NETHOSTCONNECTIONSUBTYPEVALUES_NR = require_SemanticAttributes.NETHOSTCONNECTIONSUBTYPEVALUES_NR;
	exports.NETHOSTCONNECTIONSUBTYPEVALUES_NRNSA = require_SemanticAttributes.NETHOSTCONNECTIONSUBTYPEVALUES_NRNSA;
	exports.NETHOSTCONNECTIONSUBTYPEVALUES_TD_SCDMA = require_SemanticAttributes.NETHOSTCONNECTIONSUBTYPEVALUES_TD_SCDMA;
	exports.NETHOSTCONNECTIONSUBTYPEVALUES_UMTS = require_SemanticAttributes.NETHOSTCONNECTIONSUBTYPEVALUES_UMTS;
	exports.NETHOSTCONNECTIONTYPEVALUES_CELL = require_SemanticAttributes.NETHOSTCONNECTIONTYPEVALUES_CELL;
	exports.NETHOSTCONNECTIONTYPEVALUES_UNAVAILABLE = require_SemanticAttributes.NETHOSTCONNECTIONTYPEVALUES_UNAVAILABLE;
	exports.NETHOSTCONNECTIONTYPEVALUES_UNKNOWN = require_SemanticAttributes.NETHOSTCONNECTIONTYPEVALUES_UNKNOWN;
	exports.NETHOSTCONNECTIONTYPEVALUES_WIFI = require_SemanticAttributes.NETHOSTCONNECTIONTYPEVALUES_WIFI;
	exports.NETHOSTCONNECTIONTYPEVALUES_WIRED = require_SemanticAttributes.NETHOSTCONNECTIONTYPEVALUES_WIRED;
	exports.NETTRANSPORTVALUES_INPROC = require_SemanticAttributes.NETTRANSPORTVALUES_INPROC;
	exports.NETTRANSPORTVALUES_IP = require_SemanticAttributes.NETTRANSPORTVALUES_IP;
	exports.NETTRANSPORTVALUES_IP_TCP = require_SemanticAttributes.NETTRANSPORTVALUES_IP_TCP;
	exports.NETTRANSPORTVALUES_IP_UDP = require_SemanticAttributes.NETTRANSPORTVALUES_IP_UDP;
	exports.NETTRANSPORTVALUES_OTHER = require_SemanticAttributes.NETTRANSPORTVALUES_OTHER;
	exports.NETTRANSPORTVALUES_PIPE = require_SemanticAttributes.NETTRANSPORTVALUES_PIPE;
	exports.NETTRANSPORTVALUES_UNIX = require_SemanticAttributes.NETTRANSPORTVALUES_UNIX;
	exports.NETWORK_TRANSPORT_VALUE_PIPE = require_stable_attributes.NETWORK_TRANSPORT_VALUE_PIPE;
	exports.NETWORK_TRANSPORT_VALUE_QUIC = require_stable_attributes.NETWORK_TRANSPORT_VALUE_QUIC;
	exports.NETWORK_TRANSPORT_VALUE_TCP = require_stable_attributes.NETWORK_TRANSPORT_VALUE_TCP;
	exports.NETWORK_TRANSPORT_VALUE_UDP = require_stable_attributes.NETWORK_TRANSPORT_VALUE_UDP;
	exports.NETWORK_TRANSPORT_VALUE_UNIX = require_stable_attributes.NETWORK_TRANSPORT_VALUE_UNIX;
	exports.NETWORK_TYPE_VALUE_IPV4 = require_stable_attributes.NETWORK_TYPE_VALUE_IPV4;
	exports.NETWORK_TYPE_VALUE_IPV6 = require_stable_attributes.NETWORK_TYPE_VALUE_IPV6;
	exports.NetHostConnectionSubtypeValues = require_SemanticAttributes.NetHostConnectionSubtypeValues;
	exports.NetHostConnectionTypeValues = require_SemanticAttributes.NetHostConnectionTypeValues;
	exports.NetTransportValues = require_SemanticAttributes.NetTransportValues;
	exports.OSTYPEVALUES_AIX = require_SemanticResourceAttributes.OSTYPEVALUES_AIX;
	exports.OSTYPEVALUES_DARWIN = require_SemanticResourceAttributes.OSTYPEVALUES_DARWIN;
	exports.OSTYPEVALUES_DRAGONFLYBSD = require_SemanticResourceAttributes.OSTYPEVALUES_DRAGONFLYBSD;
	exports.OSTYPEVALUES_FREEBSD = require_SemanticResourceAttributes.OSTYPEVALUES_FREEBSD;
	exports.OSTYPEVALUES_HPUX = require_SemanticResourceAttributes.OSTYPEVALUES_HPUX;
	exports.OSTYPEVALUES_LINUX = require_SemanticResourceAttributes.OSTYPEVALUES_LINUX;
	exports.OSTYPEVALUES_NETBSD = require_SemanticResourceAttributes.OSTYPEVALUES_NETBSD;
	exports.OSTYPEVALUES_OPENBSD = require_SemanticResourceAttributes.OSTYPEVALUES_OPENBSD;
	exports.OSTYPEVALUES_SOLARIS = require_SemanticResourceAttributes.OSTYPEVALUES_SOLARIS;
	exports.OSTYPEVALUES_WINDOWS = require_SemanticResourceAttributes.OSTYPEVALUES_WINDOWS;
	exports.OSTYPEVALUES_Z_OS = require_SemanticResourceAttributes.OSTYPEVALUES_Z_OS;
	exports.OTEL_STATUS_CODE_VALUE_ERROR = require_stable_attributes.OTEL_STATUS_CODE_VALUE_ERROR;
	exports.OTEL_STATUS_CODE_VALUE_OK = require_stable_attributes.OTEL_STATUS_CODE_VALUE_OK;
	exports.OsTypeValues = require_SemanticResourceAttributes.OsTypeValues;
	exports.RPCGRPCSTATUSCODEVALUES_ABORTED = require_SemanticAttributes.RPCGRPCSTATUSCODEVALUES_ABORTED;
	exports.RPCGRPCSTATUSCODEVALUES_ALREADY_EXISTS = require_SemanticAttributes.RPCGRPCSTATUSCODEVALUES_ALREADY_EXISTS;
	exports.RPCGRPCSTATUSCODEVALUES_CANCELLED = require_SemanticAttributes.RPCGRPCSTATUSCODEVALUES_CANCELLED;
	exports.RPCGRPCSTATUSCODEVALUES_DATA_LOSS = require_SemanticAttributes.RPCGRPCSTATUSCODEVALUES_DATA_LOSS;
	exports.RPCGRPCSTATUSCODEVALUES_DEADLINE_EXCEEDED = require_SemanticAttributes.RPCGRPCSTATUSCODEVALUES_DEADLINE_EXCEEDED;
	exports.RPCGRPCSTATUSCODEVALUES_FAILED_PRECONDITION = require_SemanticAttributes.RPCGRPCSTATUSCODEVALUES_FAILED_PRECONDITION;
	exports.RPCGRPCSTATUSCODEVALUES_INTERNAL = require_SemanticAttributes.RPCGRPCSTATUSCODEVALUES_INTERNAL;
	exports.RPCGRPCSTATUSCODEVALUES_INVALID_ARGUMENT = require_SemanticAttributes.RPCGRPCSTATUSCODEVALUES_INVALID_ARGUMENT;
	exports.RPCGRPCSTATUSCODEVALUES_NOT_FOUND = require_SemanticAttributes.RPCGRPCSTATUSCODEVALUES_NOT_FOUND;
	exports.RPCGRPCSTATUSCODEVALUES_OK = require_SemanticAttributes.RPCGRPCSTATUSCODEVALUES_OK;
	exports.RPCGRPCSTATUSCODEVALUES_OUT_OF_RANGE = require_SemanticAttributes.RPCGRPCSTATUSCODEVALUES_OUT_OF_RANGE;
	exports.RPCGRPCSTATUSCODEVALUES_PERMISSION_DENIED = require_SemanticAttributes.RPCGRPCSTATUSCODEVALUES_PERMISSION_DENIED;
	exports.RPCGRPCSTATUSCODEVALUES_RESOURCE_EXHAUSTED = require_SemanticAttributes.RPCGRPCSTATUSCODEVALUES_RESOURCE_EXHAUSTED;
	exports.RPCGRPCSTATUSCODEVALUES_UNAUTHENTICATED = require_SemanticAttributes.RPCGRPCSTATUSCODEVALUES_UNAUTHENTICATED;
	exports.RPCGRPCSTATUSCODEVALUES_UNAVAILABLE = require_SemanticAttributes.RPCGRPCSTATUSCODEVALUES_UNAVAILABLE;
	exports.RPCGRPCSTATUSCODEVALUES_UNIMPLEMENTED = require_SemanticAttributes.RPCGRPCSTATUSCODEVALUES_UNIMPLEMENTED;
	exports.RPCGRPCSTATUSCODEVALUES_UNKNOWN = require_SemanticAttributes.RPCGRPCSTATUSCODEVALUES_UNKNOWN;
	exports.RPC_SYSTEM_NAME_VALUE_DUBBO = require_stable_attributes.RPC_SYSTEM_NAME_VALUE_DUBBO;
	exports.RPC_SYSTEM_NAME_VALUE_GRPC = require_stable_attributes.RPC_SYSTEM_NAME_VALUE_GRPC;
	exports.RpcGrpcStatusCodeValues = require_SemanticAttributes.RpcGrpcStatusCodeValues;
	exports.SEMATTRS_AWS_DYNAMODB_ATTRIBUTES_TO_GET = require_SemanticAttributes.SEMATTRS_AWS_DYNAMODB_ATTRIBUTES_TO_GET;
	exports.SEMATTRS_AWS_DYNAMODB_ATTRIBUTE_DEFINITIONS = require_SemanticAttributes.SEMATTRS_AWS_DYNAMODB_ATTRIBUTE_DEFINITIONS;
	exports.SEMATTRS_AWS_DYNAMODB_CONSISTENT_READ = require_SemanticAttributes.SEMATTRS_AWS_DYNAMODB_CONSISTENT_READ;
	exports.SEMATTRS_AWS_DYNAMODB_CONSUMED_CAPACITY = require_SemanticAttributes.SEMATTRS_AWS_DYNAMODB_CONSUMED_CAPACITY;
	exports.SEMATTRS_AWS_DYNAMODB_COUNT = require_SemanticAttributes.SEMATTRS_AWS_DYNAMODB_COUNT;
	exports.SEMATTRS_AWS_DYNAMODB_EXCLUSIVE_START_TABLE = require_SemanticAttributes.SEMATTRS_AWS_DYNAMODB_EXCLUSIVE_START_TABLE;
	exports.SEMATTRS_AWS_DYNAMODB_GLOBAL_SECONDARY_INDEXES = require_SemanticAttributes.SEMATTRS_AWS_DYNAMODB_GLOBAL_SECONDARY_INDEXES;
	exports.SEMATTRS_AWS_DYNAMODB_GLOBAL_SECONDARY_INDEX_UPDATES = require_SemanticAttributes.SEMATTRS_AWS_DYNAMODB_GLOBAL_SECONDARY_INDEX_UPDATES;
	exports.SEMATTRS_AWS_DYNAMODB_INDEX_NAME = require_SemanticAttributes.SEMATTRS_AWS_DYNAMODB_INDEX_NAME;
	exports.SEMATTRS_AWS_DYNAMODB_ITEM_COLLECTION_METRICS = require_SemanticAttributes.SEMATTRS_AWS_DYNAMODB_ITEM_COLLECTION_METRICS;
	exports.SEMATTRS_AWS_DYNAMODB_LIMIT = require_SemanticAttributes.SEMATTRS_AWS_DYNAMODB_LIMIT;
	exports.SEMATTRS_AWS_DYNAMODB_LOCAL_SECONDARY_INDEXES = require_SemanticAttributes.SEMATTRS_AWS_DYNAMODB_LOCAL_SECONDARY_INDEXES;
	exports.SEMATTRS_AWS_DYNAMODB_PROJECTION = require_SemanticAttributes.SEMATTRS_AWS_DYNAMODB_PROJECTION;
	exports.SEMATTRS_AWS_DYNAMODB_PROVISIONED_READ_CAPACITY = require_SemanticAttributes.SEMATTRS_AWS_DYNAMODB_PROVISIONED_READ_CAPACITY;
	exports.SEMATTRS_AWS_DYNAMODB_PROVISIONED_WRITE_CAPACITY = require_SemanticAttributes.SEMATTRS_AWS_DYNAMODB_PROVISIONED_WRITE_CAPACITY;
	exports.SEMATTRS_AWS_DYNAMODB_SCANNED_COUNT = require_SemanticAttributes.SEMATTRS_AWS_DYNAMODB_SCANNED_COUNT;
	exports.SEMATTRS_AWS_DYNAMODB_SCAN_FORWARD = require_SemanticAttributes.SEMATTRS_AWS_DYNAMODB_SCAN_FORWARD;
	exports.SEMATTRS_AWS_DYNAMODB_SEGMENT = require_SemanticAttributes.SEMATTRS_AWS_DYNAMODB_SEGMENT;
	exports.SEMATTRS_AWS_DYNAMODB_SELECT = require_SemanticAttributes.SEMATTRS_AWS_DYNAMODB_SELECT;
	exports.SEMATTRS_AWS_DYNAMODB_TABLE_COUNT = require_SemanticAttributes.SEMATTRS_AWS_DYNAMODB_TABLE_COUNT;
	exports.SEMATTRS_AWS_DYNAMODB_TABLE_NAMES = require_SemanticAttributes.SEMATTRS_AWS_DYNAMODB_TABLE_NAMES;
	exports.SEMATTRS_AWS_DYNAMODB_TOTAL_SEGMENTS = require_SemanticAttributes.SEMATTRS_AWS_DYNAMODB_TOTAL_SEGMENTS;
	exports.SEMATTRS_AWS_LAMBDA_INVOKED_ARN = require_SemanticAttributes.SEMATTRS_AWS_LAMBDA_INVOKED_ARN;
	exports.SEMATTRS_CODE_FILEPATH = require_SemanticAttributes.SEMATTRS_CODE_FILEPATH;
	exports.SEMATTRS_CODE_FUNCTION = require_SemanticAttributes.SEMATTRS_CODE_FUNCTION;
	exports.SEMATTRS_CODE_LINENO = require_SemanticAttributes.SEMATTRS_CODE_LINENO;
	exports.SEMATTRS_CODE_NAMESPACE = require_SemanticAttributes.SEMATTRS_CODE_NAMESPACE;
	exports.SEMATTRS_DB_CASSANDRA_CONSISTENCY_LEVEL = require_SemanticAttributes.SEMATTRS_DB_CASSANDRA_CONSISTENCY_LEVEL;
	exports.SEMATTRS_DB_CASSANDRA_COORDINATOR_DC = require_SemanticAttributes.SEMATTRS_DB_CASSANDRA_COORDINATOR_DC;
	exports.SEMATTRS_DB_CASSANDRA_COORDINATOR_ID = require_SemanticAttributes.SEMATTRS_DB_CASSANDRA_COORDINATOR_ID;
	exports.SEMATTRS_DB_CASSANDRA_IDEMPOTENCE = require_SemanticAttributes.SEMATTRS_DB_CASSANDRA_IDEMPOTENCE;
	exports.SEMATTRS_DB_CASSANDRA_KEYSPACE = require_SemanticAttributes.SEMATTRS_DB_CASSANDRA_KEYSPACE;
	exports.SEMATTRS_DB_CASSANDRA_PAGE_SIZE = require_SemanticAttributes.SEMATTRS_DB_CASSANDRA_PAGE_SIZE;
	exports.SEMATTRS_DB_CASSANDRA_SPECULATIVE_EXECUTION_COUNT = require_SemanticAttributes.SEMATTRS_DB_CASSANDRA_SPECULATIVE_EXECUTION_COUNT;
	exports.SEMATTRS_DB_CASSANDRA_TABLE = require_SemanticAttributes.SEMATTRS_DB_CASSANDRA_TABLE;
	exports.SEMATTRS_DB_CONNECTION_STRING = require_SemanticAttributes.SEMATTRS_DB_CONNECTION_STRING;
	exports.SEMATTRS_DB_HBASE_NAMESPACE = require_SemanticAttributes.SEMATTRS_DB_HBASE_NAMESPACE;
	exports.SEMATTRS_DB_JDBC_DRIVER_CLASSNAME = require_SemanticAttributes.SEMATTRS_DB_JDBC_DRIVER_CLASSNAME;
	exports.SEMATTRS_DB_MONGODB_COLLECTION = require_SemanticAttributes.SEMATTRS_DB_MONGODB_COLLECTION;
	exports.SEMATTRS_DB_MSSQL_INSTANCE_NAME = require_SemanticAttributes.SEMATTRS_DB_MSSQL_INSTANCE_NAME;
	exports.SEMATTRS_DB_NAME = require_SemanticAttributes.SEMATTRS_DB_NAME;
	exports.SEMATTRS_DB_OPERATION = require_SemanticAttributes.SEMATTRS_DB_OPERATION;
	exports.SEMATTRS_DB_REDIS_DATABASE_INDEX = require_SemanticAttributes.SEMATTRS_DB_REDIS_DATABASE_INDEX;
	exports.SEMATTRS_DB_SQL_TABLE = require_SemanticAttributes.SEMATTRS_DB_SQL_TABLE;
	exports.SEMATTRS_DB_STATEMENT = require_SemanticAttributes.SEMATTRS_DB_STATEMENT;
	exports.SEMATTRS_DB_SYSTEM = require_SemanticAttributes.SEMATTRS_DB_SYSTEM;
	exports.SEMATTRS_DB_USER = require_SemanticAttributes.SEMATTRS_DB_USER;
	exports.SEMATTRS_ENDUSER_ID = require_SemanticAttributes.SEMATTRS_ENDUSER_ID;
	exports.SEMATTRS_ENDUSER_ROLE = require_SemanticAttributes.SEMATTRS_ENDUSER_ROLE;
	exports.SEMATTRS_ENDUSER_SCOPE = require_SemanticAttributes.SEMATTRS_ENDUSER_SCOPE;
	exports.SEMATTRS_EXCEPTION_ESCAPED = require_SemanticAttributes.SEMATTRS_EXCEPTION_ESCAPED;
	exports.SEMATTRS_EXCEPTION_MESSAGE = require_SemanticAttributes.SEMATTRS_EXCEPTION_MESSAGE;
	exports.SEMATTRS_EXCEPTION_STACKTRACE = require_SemanticAttributes.SEMATTRS_EXCEPTION_STACKTRACE;
	exports.SEMATTRS_EXCEPTION_TYPE = require_SemanticAttributes.SEMATTRS_EXCEPTION_TYPE;
	exports.SEMATTRS_FAAS_COLDSTART = require_SemanticAttributes.SEMATTRS_FAAS_COLDSTART;
	exports.SEMATTRS_FAAS_CRON = require_SemanticAttributes.SEMATTRS_FAAS_CRON;
	exports.SEMATTRS_FAAS_DOCUMENT_COLLECTION = require_SemanticAttributes.SEMATTRS_FAAS_DOCUMENT_COLLECTION;
	exports.SEMATTRS_FAAS_DOCUMENT_NAME = require_SemanticAttributes.SEMATTRS_FAAS_DOCUMENT_NAME;
	exports.SEMATTRS_FAAS_DOCUMENT_OPERATION = require_SemanticAttributes.SEMATTRS_FAAS_DOCUMENT_OPERATION;
	exports.SEMATTRS_FAAS_DOCUMENT_TIME = require_SemanticAttributes.SEMATTRS_FAAS_DOCUMENT_TIME;
	exports.SEMATTRS_FAAS_EXECUTION = require_SemanticAttributes.SEMATTRS_FAAS_EXECUTION;
	exports.SEMATTRS_FAAS_INVOKED_NAME = require_SemanticAttributes.SEMATTRS_FAAS_INVOKED_NAME;
	exports.SEMATTRS_FAAS_INVOKED_PROVIDER = require_SemanticAttributes.SEMATTRS_FAAS_INVOKED_PROVIDER;
	exports.SEMATTRS_FAAS_INVOKED_REGION = require_SemanticAttributes.SEMATTRS_FAAS_INVOKED_REGION;
	exports.SEMATTRS_FAAS_TIME = require_SemanticAttributes.SEMATTRS_FAAS_TIME;
	exports.SEMATTRS_FAAS_TRIGGER = require_SemanticAttributes.SEMATTRS_FAAS_TRIGGER;
	exports.SEMATTRS_HTTP_CLIENT_IP = require_SemanticAttributes.SEMATTRS_HTTP_CLIENT_IP;
	exports.SEMATTRS_HTTP_FLAVOR = require_SemanticAttributes.SEMATTRS_HTTP_FLAVOR;
	exports.SEMATTRS_HTTP_HOST = require_SemanticAttributes.SEMATTRS_HTTP_HOST;
	exports.SEMATTRS_HTTP_METHOD = require_SemanticAttributes.SEMATTRS_HTTP_METHOD;
	exports.SEMATTRS_HTTP_REQUEST_CONTENT_LENGTH = require_SemanticAttributes.SEMATTRS_HTTP_REQUEST_CONTENT_LENGTH;
	exports.SEMATTRS_HTTP_REQUEST_CONTENT_LENGTH_UNCOMPRESSED = require_SemanticAttributes.SEMATTRS_HTTP_REQUEST_CONTENT_LENGTH_UNCOMPRESSED;
	exports.SEMATTRS_HTTP_RESPONSE_CONTENT_LENGTH = require_SemanticAttributes.SEMATTRS_HTTP_RESPONSE_CONTENT_LENGTH;
	exports.SEMATTRS_HTTP_RESPONSE_CONTENT_LENGTH_UNCOMPRESSED = require_SemanticAttributes.SEMATTRS_HTTP_RESPONSE_CONTENT_LENGTH_UNCOMPRESSED;
	exports.SEMATTRS_HTTP_ROUTE = require_SemanticAttributes.SEMATTRS_HTTP_ROUTE;
	exports.SEMATTRS_HTTP_SCHEME = require_SemanticAttributes.SEMATTRS_HTTP_SCHEME;
	exports.SEMATTRS_HTTP_SERVER_NAME = require_SemanticAttributes.SEMATTRS_HTTP_SERVER_NAME;
	exports.SEMATTRS_HTTP_STATUS_CODE = require_SemanticAttributes.SEMATTRS_HTTP_STATUS_CODE;
	exports.SEMATTRS_HTTP_TARGET = require_SemanticAttributes.SEMATTRS_HTTP_TARGET;
	exports.SEMATTRS_HTTP_URL = require_SemanticAttributes.SEMATTRS_HTTP_URL;
	exports.SEMATTRS_HTTP_USER_AGENT = require_SemanticAttributes.SEMATTRS_HTTP_USER_AGENT;
	exports.SEMATTRS_MESSAGE_COMPRESSED_SIZE = require_SemanticAttributes.SEMATTRS_MESSAGE_COMPRESSED_SIZE;
	exports.SEMATTRS_MESSAGE_ID = require_SemanticAttributes.SEMATTRS_MESSAGE_ID;
	exports.SEMATTRS_MESSAGE_TYPE = require_SemanticAttributes.SEMATTRS_MESSAGE_TYPE;
	exports.SEMATTRS_MESSAGE_UNCOMPRESSED_SIZE = require_SemanticAttributes.SEMATTRS_MESSAGE_UNCOMPRESSED_SIZE;
	exports.SEMATTRS_MESSAGING_CONSUMER_ID = require_SemanticAttributes.SEMATTRS_MESSAGING_CONSUMER_ID;
	exports.SEMATTRS_MESSAGING_CONVERSATION_ID = require_SemanticAttributes.SEMATTRS_MESSAGING_CONVERSATION_ID;
	exports.SEMATTRS_MESSAGING_DESTINATION = require_SemanticAttributes.SEMATTRS_MESSAGING_DESTINATION;
	exports.SEMATTRS_MESSAGING_DESTINATION_KIND = require_SemanticAttributes.SEMATTRS_MESSAGING_DESTINATION_KIND;
	exports.SEMATTRS_MESSAGING_KAFKA_CLIENT_ID = require_SemanticAttributes.SEMATTRS_MESSAGING_KAFKA_CLIENT_ID;
	exports.SEMATTRS_MESSAGING_KAFKA_CONSUMER_GROUP = require_SemanticAttributes.SEMATTRS_MESSAGING_KAFKA_CONSUMER_GROUP;
	exports.SEMATTRS_MESSAGING_KAFKA_MESSAGE_KEY = require_SemanticAttributes.SEMATTRS_MESSAGING_KAFKA_MESSAGE_KEY;
	exports.SEMATTRS_MESSAGING_KAFKA_PARTITION = require_SemanticAttributes.SEMATTRS_MESSAGING_KAFKA_PARTITION;
	exports.SEMATTRS_MESSAGING_KAFKA_TOMBSTONE = require_SemanticAttributes.SEMATTRS_MESSAGING_KAFKA_TOMBSTONE;
	exports.SEMATTRS_MESSAGING_MESSAGE_ID = require_SemanticAttributes.SEMATTRS_MESSAGING_MESSAGE_ID;
	exports.SEMATTRS_MESSAGING_MESSAGE_PAYLOAD_COMPRESSED_SIZE_BYTES = require_SemanticAttributes.SEMATTRS_MESSAGING_MESSAGE_PAYLOAD_COMPRESSED_SIZE_BYTES;
	exports.SEMATTRS_MESSAGING_MESSAGE_PAYLOAD_SIZE_BYTES = require_SemanticAttributes.SEMATTRS_MESSAGING_MESSAGE_PAYLOAD_SIZE_BYTES;
	exports.SEMATTRS_MESSAGING_OPERATION = require_SemanticAttributes.SEMATTRS_MESSAGING_OPERATION;
	exports.SEMATTRS_MESSAGING_PROTOCOL = require_SemanticAttributes.SEMATTRS_MESSAGING_PROTOCOL;
	exports.SEMATTRS_MESSAGING_PROTOCOL_VERSION = require_SemanticAttributes.SEMATTRS_MESSAGING_PROTOCOL_VERSION;
	exports.SEMATTRS_MESSAGING_RABBITMQ_ROUTING_KEY = require_SemanticAttributes.SEMATTRS_MESSAGING_RABBITMQ_ROUTING_KEY;
	exports.SEMATTRS_MESSAGING_SYSTEM = require_SemanticAttributes.SEMATTRS_MESSAGING_SYSTEM;
	exports.SEMATTRS_MESSAGING_TEMP_DESTINATION = require_SemanticAttributes.SEMATTRS_MESSAGING_TEMP_DESTINATION;
	exports.SEMATTRS_MESSAGING_URL = require_SemanticAttributes.SEMATTRS_MESSAGING_URL;
	exports.SEMATTRS_NET_HOST_CARRIER_ICC = require_SemanticAttributes.SEMATTRS_NET_HOST_CARRIER_ICC;
	exports.SEMATTRS_NET_HOST_CARRIER_MCC = require_SemanticAttributes.SEMATTRS_NET_HOST_CARRIER_MCC;
	exports.SEMATTRS_NET_HOST_CARRIER_MNC = require_SemanticAttributes.SEMATTRS_NET_HOST_CARRIER_MNC;
	exports.SEMATTRS_NET_HOST_CARRIER_NAME = require_SemanticAttributes.SEMATTRS_NET_HOST_CARRIER_NAME;
	exports.SEMATTRS_NET_HOST_CONNECTION_SUBTYPE = require_SemanticAttributes.SEMATTRS_NET_HOST_CONNECTION_SUBTYPE;
	exports.SEMATTRS_NET_HOST_CONNECTION_TYPE = require_SemanticAttributes.SEMATTRS_NET_HOST_CONNECTION_TYPE;
	exports.SEMATTRS_NET_HOST_IP = require_SemanticAttributes.SEMATTRS_NET_HOST_IP;
	exports.SEMATTRS_NET_HOST_NAME = require_SemanticAttributes.SEMATTRS_NET_HOST_NAME;
	exports.SEMATTRS_NET_HOST_PORT = require_SemanticAttributes.SEMATTRS_NET_HOST_PORT;
	exports.SEMATTRS_NET_PEER_IP = require_SemanticAttributes.SEMATTRS_NET_PEER_IP;
	exports.SEMATTRS_NET_PEER_NAME = require_SemanticAttributes.SEMATTRS_NET_PEER_NAME;
	exports.SEMATTRS_NET_PEER_PORT = require_SemanticAttributes.SEMATTRS_NET_PEER_PORT;
	exports.SEMATTRS_NET_TRANSPORT = require_SemanticAttributes.SEMATTRS_NET_TRANSPORT;
	exports.SEMATTRS_PEER_SERVICE = require_SemanticAttributes.SEMATTRS_PEER_SERVICE;
	exports.SEMATTRS_RPC_GRPC_STATUS_CODE = require_SemanticAttributes.SEMATTRS_RPC_GRPC_STATUS_CODE;
	exports.SEMATTRS_RPC_JSONRPC_ERROR_CODE = require_SemanticAttributes.SEMATTRS_RPC_JSONRPC_ERROR_CODE;
	exports.SEMATTRS_RPC_JSONRPC_ERROR_MESSAGE = require_SemanticAttributes.SEMATTRS_RPC_JSONRPC_ERROR_MESSAGE;
	exports.SEMATTRS_RPC_JSONRPC_REQUEST_ID = require_SemanticAttributes.SEMATTRS_RPC_JSONRPC_REQUEST_ID;
	exports.SEMATTRS_RPC_JSONRPC_VERSION = require_SemanticAttributes.SEMATTRS_RPC_JSONRPC_VERSION;
	exports.SEMATTRS_RPC_METHOD = require_SemanticAttributes.SEMATTRS_RPC_METHOD;
	exports.SEMATTRS_RPC_SERVICE = require_SemanticAttributes.SEMATTRS_RPC_SERVICE;
	exports.SEMATTRS_RPC_SYSTEM = require_SemanticAttributes.SEMATTRS_RPC_SYSTEM;
	exports.SEMATTRS_THREAD_ID = require_SemanticAttributes.SEMATTRS_THREAD_ID;
	exports.SEMATTRS_THREAD_NAME = require_SemanticAttributes.SEMATTRS_THREAD_NAME;
	exports.SEMRESATTRS_AWS_ECS_CLUSTER_ARN = require_SemanticResourceAttributes.SEMRESATTRS_AWS_ECS_CLUSTER_ARN;
	exports.SEMRESATTRS_AWS_ECS_CONTAINER_ARN = require_SemanticResourceAttributes.SEMRESATTRS_AWS_ECS_CONTAINER_ARN;
	exports.SEMRESATTRS_AWS_ECS_LAUNCHTYPE = require_SemanticResourceAttributes.SEMRESATTRS_AWS_ECS_LAUNCHTYPE;
	exports.SEMRESATTRS_AWS_ECS_TASK_ARN = require_SemanticResourceAttributes.SEMRESATTRS_AWS_ECS_TASK_ARN;
	exports.SEMRESATTRS_AWS_ECS_TASK_FAMILY = require_SemanticResourceAttributes.SEMRESATTRS_AWS_ECS_TASK_FAMILY;
	exports.SEMRESATTRS_AWS_ECS_TASK_REVISION = require_SemanticResourceAttributes.SEMRESATTRS_AWS_ECS_TASK_REVISION;
	exports.SEMRESATTRS_AWS_EKS_CLUSTER_ARN = require_SemanticResourceAttributes.SEMRESATTRS_AWS_EKS_CLUSTER_ARN;
	exports.SEMRESATTRS_AWS_LOG_GROUP_ARNS = require_SemanticResourceAttributes.SEMRESATTRS_AWS_LOG_GROUP_ARNS;
	exports.SEMRESATTRS_AWS_LOG_GROUP_NAMES = require_SemanticResourceAttributes.SEMRESATTRS_AWS_LOG_GROUP_NAMES;
	exports.SEMRESATTRS_AWS_LOG_STREAM_ARNS = require_SemanticResourceAttributes.SEMRESATTRS_AWS_LOG_STREAM_ARNS;
	exports.SEMRESATTRS_AWS_LOG_STREAM_NAMES = require_SemanticResourceAttributes.SEMRESATTRS_AWS_LOG_STREAM_NAMES;
	exports.SEMRESATTRS_CLOUD_ACCOUNT_ID = require_SemanticResourceAttributes.SEMRESATTRS_CLOUD_ACCOUNT_ID;
	exports.SEMRESATTRS_CLOUD_AVAILABILITY_ZONE = require_SemanticResourceAttributes.SEMRESATTRS_CLOUD_AVAILABILITY_ZONE;
	exports.SEMRESATTRS_CLOUD_PLATFORM = require_SemanticResourceAttributes.SEMRESATTRS_CLOUD_PLATFORM;
	exports.SEMRESATTRS_CLOUD_PROVIDER = require_SemanticResourceAttributes.SEMRESATTRS_CLOUD_PROVIDER;
	exports.SEMRESATTRS_CLOUD_REGION = require_SemanticResourceAttributes.SEMRESATTRS_CLOUD_REGION;
	exports.SEMRESATTRS_CONTAINER_ID = require_SemanticResourceAttributes.SEMRESATTRS_CONTAINER_ID;
	exports.SEMRESATTRS_CONTAINER_IMAGE_NAME = require_SemanticResourceAttributes.SEMRESATTRS_CONTAINER_IMAGE_NAME;
	exports.SEMRESATTRS_CONTAINER_IMAGE_TAG = require_SemanticResourceAttributes.SEMRESATTRS_CONTAINER_IMAGE_TAG;
	exports.SEMRESATTRS_CONTAINER_NAME = require_SemanticResourceAttributes.SEMRESATTRS_CONTAINER_NAME;
	exports.SEMRESATTRS_CONTAINER_RUNTIME = require_SemanticResourceAttributes.SEMRESATTRS_CONTAINER_RUNTIME;
	exports.SEMRESATTRS_DEPLOYMENT_ENVIRONMENT = require_SemanticResourceAttributes.SEMRESATTRS_DEPLOYMENT_ENVIRONMENT;
	exports.SEMRESATTRS_DEVICE_ID = require_SemanticResourceAttributes.SEMRESATTRS_DEVICE_ID;
	exports.SEMRESATTRS_DEVICE_MODEL_IDENTIFIER = require_SemanticResourceAttributes.SEMRESATTRS_DEVICE_MODEL_IDENTIFIER;
	exports.SEMRESATTRS_DEVICE_MODEL_NAME = require_SemanticResourceAttributes.SEMRESATTRS_DEVICE_MODEL_NAME;
	exports.SEMRESATTRS_FAAS_ID = require_SemanticResourceAttributes.SEMRESATTRS_FAAS_ID;
	exports.SEMRESATTRS_FAAS_INSTANCE = require_SemanticResourceAttributes.SEMRESATTRS_FAAS_INSTANCE;
	exports.SEMRESATTRS_FAAS_MAX_MEMORY = require_SemanticResourceAttributes.SEMRESATTRS_FAAS_MAX_MEMORY;
	exports.SEMRESATTRS_FAAS_NAME = require_SemanticResourceAttributes.SEMRESATTRS_FAAS_NAME;
	exports.SEMRESATTRS_FAAS_VERSION = require_SemanticResourceAttributes.SEMRESATTRS_FAAS_VERSION;
	exports.SEMRESATTRS_HOST_ARCH = require_SemanticResourceAttributes.SEMRESATTRS_HOST_ARCH;
	exports.SEMRESATTRS_HOST_ID = require_SemanticResourceAttributes.SEMRESATTRS_HOST_ID;
	exports.SEMRESATTRS_HOST_IMAGE_ID = require_SemanticResourceAttributes.SEMRESATTRS_HOST_IMAGE_ID;
	exports.SEMRESATTRS_HOST_IMAGE_NAME = require_SemanticResourceAttributes.SEMRESATTRS_HOST_IMAGE_NAME;
	exports.SEMRESATTRS_HOST_IMAGE_VERSION = require_SemanticResourceAttributes.SEMRESATTRS_HOST_IMAGE_VERSION;
	exports.SEMRESATTRS_HOST_NAME = require_SemanticResourceAttributes.SEMRESATTRS_HOST_NAME;
	exports.SEMRESATTRS_HOST_TYPE = require_SemanticResourceAttributes.SEMRESATTRS_HOST_TYPE;
	exports.SEMRESATTRS_K8S_CLUSTER_NAME = require_SemanticResourceAttributes.SEMRESATTRS_K8S_CLUSTER_NAME;
	exports.SEMRESATTRS_K8S_CONTAINER_NAME = require_SemanticResourceAttributes.SEMRESATTRS_K8S_CONTAINER_NAME;
	exports.SEMRESATTRS_K8S_CRONJOB_NAME = require_SemanticResourceAttributes.SEMRESATTRS_K8S_CRONJOB_NAME;
	exports.SEMRESATTRS_K8S_CRONJOB_UID = require_SemanticResourceAttributes.SEMRESATTRS_K8S_CRONJOB_UID;
	exports.SEMRESATTRS_K8S_DAEMONSET_NAME = require_SemanticResourceAttributes.SEMRESATTRS_K8S_DAEMONSET_NAME;
	exports.SEMRESATTRS_K8S_DAEMONSET_UID = require_SemanticResourceAttributes.SEMRESATTRS_K8S_DAEMONSET_UID;
	exports.SEMRESATTRS_K8S_DEPLOYMENT_NAME = require_SemanticResourceAttributes.SEMRESATTRS_K8S_DEPLOYMENT_NAME;
	exports.SEMRESATTRS_K8S_DEPLOYMENT_UID = require_SemanticResourceAttributes.SEMRESATTRS_K8S_DEPLOYMENT_UID;
	exports.SEMRESATTRS_K8S_JOB_NAME = require_SemanticResourceAttributes.SEMRESATTRS_K8S_JOB_NAME;
	exports.SEMRESATTRS_K8S_JOB_UID = require_SemanticResourceAttributes.SEMRESATTRS_K8S_JOB_UID;
	exports.SEMRESATTRS_K8S_NAMESPACE_NAME = require_SemanticResourceAttributes.SEMRESATTRS_K8S_NAMESPACE_NAME;
	exports.SEMRESATTRS_K8S_NODE_NAME = require_SemanticResourceAttributes.SEMRESATTRS_K8S_NODE_NAME;
	exports.SEMRESATTRS_K8S_NODE_UID = require_SemanticResourceAttributes.SEMRESATTRS_K8S_NODE_UID;
	exports.SEMRESATTRS_K8S_POD_NAME = require_SemanticResourceAttributes.SEMRESATTRS_K8S_POD_NAME;
	exports.SEMRESATTRS_K8S_POD_UID = require_SemanticResourceAttributes.SEMRESATTRS_K8S_POD_UID;
	exports.SEMRESATTRS_K8S_REPLICASET_NAME = require_SemanticResourceAttributes.SEMRESATTRS_K8S_REPLICASET_NAME;
	exports.SEMRESATTRS_K8S_REPLICASET_UID = require_SemanticResourceAttributes.SEMRESATTRS_K8S_REPLICASET_UID;
	exports.SEMRESATTRS_K8S_STATEFULSET_NAME = require_SemanticResourceAttributes.SEMRESATTRS_K8S_STATEFULSET_NAME;
	exports.SEMRESATTRS_K8S_STATEFULSET_UID = require_SemanticResourceAttributes.SEMRESATTRS_K8S_STATEFULSET_UID;
	exports.SEMRESATTRS_OS_DESCRIPTION = require_SemanticResourceAttributes.SEMRESATTRS_OS_DESCRIPTION;
	exports.SEMRESATTRS_OS_NAME = require_SemanticResourceAttributes.SEMRESATTRS_OS_NAME;
	exports.SEMRESATTRS_OS_TYPE = require_SemanticResourceAttributes.SEMRESATTRS_OS_TYPE;
	exports.SEMRESATTRS_OS_VERSION = require_SemanticResourceAttributes.SEMRESATTRS_OS_VERSION;
	exports.SEMRESATTRS_PROCESS_COMMAND = require_SemanticResourceAttributes.SEMRESATTRS_PROCESS_COMMAND;
	exports.SEMRESATTRS_PROCESS_COMMAND_ARGS = require_SemanticResourceAttributes.SEMRESATTRS_PROCESS_COMMAND_ARGS;
	exports.SEMRESATTRS_PROCESS_COMMAND_LINE = require_SemanticResourceAttributes.SEMRESATTRS_PROCESS_COMMAND_LINE;
	exports.SEMRESATTRS_PROCESS_EXECUTABLE_NAME = require_SemanticResourceAttributes.SEMRESATTRS_PROCESS_EXECUTABLE_NAME;
	exports.SEMRESATTRS_PROCESS_EXECUTABLE_PATH = require_SemanticResourceAttributes.SEMRESATTRS_PROCESS_EXECUTABLE_PATH;
	exports.SEMRESATTRS_PROCESS_OWNER = require_SemanticResourceAttributes.SEMRESATTRS_PROCESS_OWNER;
	exports.SEMRESATTRS_PROCESS_PID = require_SemanticResourceAttributes.SEMRESATTRS_PROCESS_PID;
	exports.SEMRESATTRS_PROCESS_RUNTIME_DESCRIPTION = require_SemanticResourceAttributes.SEMRESATTRS_PROCESS_RUNTIME_DESCRIPTION;
	exports.SEMRESATTRS_PROCESS_RUNTIME_NAME = require_SemanticResourceAttributes.SEMRESATTRS_PROCESS_RUNTIME_NAME;
	exports.SEMRESATTRS_PROCESS_RUNTIME_VERSION = require_SemanticResourceAttributes.SEMRESATTRS_PROCESS_RUNTIME_VERSION;
	exports.SEMRESATTRS_SERVICE_INSTANCE_ID = require_SemanticResourceAttributes.SEMRESATTRS_SERVICE_INSTANCE_ID;
	exports.SEMRESATTRS_SERVICE_NAME = require_SemanticResourceAttributes.SEMRESATTRS_SERVICE_NAME;
	exports.SEMRESATTRS_SERVICE_NAMESPACE = require_SemanticResourceAttributes.SEMRESATTRS_SERVICE_NAMESPACE;
	exports.SEMRESATTRS_SERVICE_VERSION = require_SemanticResourceAttributes.SEMRESATTRS_SERVICE_VERSION;
	exports.SEMRESATTRS_TELEMETRY_AUTO_VERSION = require_SemanticResourceAttributes.SEMRESATTRS_TELEMETRY_AUTO_VERSION;
	exports.SEMRESATTRS_TELEMETRY_SDK_LANGUAGE = require_SemanticResourceAttributes.SEMRESATTRS_TELEMETRY_SDK_LANGUAGE;
	exports.SEMRESATTRS_TELEMETRY_SDK_NAME = require_SemanticResourceAttributes.SEMRESATTRS_TELEMETRY_SDK_NAME;
	exports.SEMRESATTRS_TELEMETRY_SDK_VERSION = require_SemanticResourceAttributes.SEMRESATTRS_TELEMETRY_SDK_VERSION;
	exports.SEMRESATTRS_WEBENGINE_DESCRIPTION = require_SemanticResourceAttributes.SEMRESATTRS_WEBENGINE_DESCRIPTION;
	exports.SEMRESATTRS_WEBENGINE_NAME = require_SemanticResourceAttributes.SEMRESATTRS_WEBENGINE_NAME;
	exports.SEMRESATTRS_WEBENGINE_VERSION = require_SemanticResourceAttributes.SEMRESATTRS_WEBENGINE_VERSION;
	exports.SIGNALR_CONNECTION_STATUS_VALUE_APP_SHUTDOWN = require_stable_attributes.SIGNALR_CONNECTION_STATUS_VALUE_APP_SHUTDOWN;
	exports.SIGNALR_CONNECTION_STATUS_VALUE_NORMAL_CLOSURE = require_stable_attributes.SIGNALR_CONNECTION_STATUS_VALUE_NORMAL_CLOSURE;
	exports.SIGNALR_CONNECTION_STATUS_VALUE_TIMEOUT = require_stable_attributes.SIGNALR_CONNECTION_STATUS_VALUE_TIMEOUT;
	exports.SIGNALR_TRANSPORT_VALUE_LONG_POLLING = require_stable_attributes.SIGNALR_TRANSPORT_VALUE_LONG_POLLING;
	exports.SIGNALR_TRANSPORT_VALUE_SERVER_SENT_EVENTS = require_stable_attributes.SIGNALR_TRANSPORT_VALUE_SERVER_SENT_EVENTS;
	exports.SIGNALR_TRANSPORT_VALUE_WEB_SOCKETS = require_stable_attributes.SIGNALR_TRANSPORT_VALUE_WEB_SOCKETS;
	exports.SemanticAttributes = require_SemanticAttributes.SemanticAttributes;
	exports.SemanticResourceAttributes = require_SemanticResourceAttributes.SemanticResourceAttributes;
	exports.TELEMETRYSDKLANGUAGEVALUES_CPP = require_SemanticResourceAttributes.TELEMETRYSDKLANGUAGEVALUES_CPP;
	exports.TELEMETRYSDKLANGUAGEVALUES_DOTNET = require_SemanticResourceAttributes.TELEMETRYSDKLANGUAGEVALUES_DOTNET;
	exports.TELEMETRYSDKLANGUAGEVALUES_ERLANG = require_SemanticResourceAttributes.TELEMETRYSDKLANGUAGEVALUES_ERLANG;
	exports.TELEMETRYSDKLANGUAGEVALUES_GO = require_SemanticResourceAttributes.TELEMETRYSDKLANGUAGEVALUES_GO;
	exports.TELEMETRYSDKLANGUAGEVALUES_JAVA = require_SemanticResourceAttributes.TELEMETRYSDKLANGUAGEVALUES_JAVA;
	exports.TELEMETRYSDKLANGUAGEVALUES_NODEJS = require_SemanticResourceAttributes.TELEMETRYSDKLANGUAGEVALUES_NODEJS;
	exports.TELEMETRYSDKLANGUAGEVALUES_PHP = require_SemanticResourceAttributes.TELEMETRYSDKLANGUAGEVALUES_PHP;
	exports.TELEMETRYSDKLANGUAGEVALUES_PYTHON = require_SemanticResourceAttributes.TELEMETRYSDKLANGUAGEVALUES_PYTHON;
	exports.TELEMETRYSDKLANGUAGEVALUES_RUBY = require_SemanticResourceAttributes.TELEMETRYSDKLANGUAGEVALUES_RUBY;
	exports.TELEMETRYSDKLANGUAGEVALUES_WEBJS = require_SemanticResourceAttributes.TELEMETRYSDKLANGUAGEVALUES_WEBJS;
	exports.TELEMETRY_SDK_LANGUAGE_VALUE_CPP = require_stable_attributes.TELEMETRY_SDK_LANGUAGE_VALUE_CPP;
	exports.TELEMETRY_SDK_LANGUAGE_VALUE_DOTNET = require_stable_attributes.TELEMETRY_SDK_LANGUAGE_VALUE_DOTNET;
	exports.TELEMETRY_SDK_LANGUAGE_VALUE_ERLANG = require_stable_attributes.TELEMETRY_SDK_LANGUAGE_VALUE_ERLANG;
	exports.TELEMETRY_SDK_LANGUAGE_VALUE_GO = require_stable_attributes.TELEMETRY_SDK_LANGUAGE_VALUE_GO;
	exports.TELEMETRY_SDK_LANGUAGE_VALUE_JAVA = require_stable_attributes.TELEMETRY_SDK_LANGUAGE_VALUE_JAVA;
	exports.TELEMETRY_SDK_LANGUAGE_VALUE_KOTLIN = require_stable_attributes.TELEMETRY_SDK_LANGUAGE_VALUE_KOTLIN;
	exports.TELEMETRY_SDK_LANGUAGE_VALUE_NODEJS = require_stable_attributes.TELEMETRY_SDK_LANGUAGE_VALUE_NODEJS;
	exports.TELEMETRY_SDK_LANGUAGE_VALUE_PHP = require_stable_attributes.TELEMETRY_SDK_LANGUAGE_VALUE_PHP;
	exports.TELEMETRY_SDK_LANGUAGE_VALUE_PYTHON = require_stable_attributes.TELEMETRY_SDK_LANGUAGE_VALUE_PYTHON;
	exports.TELEMETRY_SDK_LANGUAGE_VALUE_RUBY = require_stable_attributes.TELEMETRY_SDK_LANGUAGE_VALUE_RUBY;
	exports.TELEMETRY_SDK_LANGUAGE_VALUE_RUST = require_stable_attributes.TELEMETRY_SDK_LANGUAGE_VALUE_RUST;
	exports.TELEMETRY_SDK_LANGUAGE_VALUE_SWIFT = require_stable_attributes.TELEMETRY_SDK_LANGUAGE_VALUE_SWIFT;
	exports.TELEMETRY_SDK_LANGUAGE_VALUE_WEBJS = require_stable_attributes.TELEMETRY_SDK_LANGUAGE_VALUE_WEBJS;
	exports.TelemetrySdkLanguageValues = require_SemanticResourceAttributes.TelemetrySdkLanguageValues;
}));
// node_modules/@opentelemetry/core/build/src/semconv.js
var require_semconv$4 = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.ATTR_PROCESS_RUNTIME_NAME = void 0;
	/**
	* The name of the runtime of this process.
	*
	* @example OpenJDK Runtime Environment
	*
	* @experimental This attribute is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.ATTR_PROCESS_RUNTIME_NAME = "process.runtime.name";
}));
// node_modules/@opentelemetry/core/build/src/platform/node/sdk-info.js
var require_sdk_info = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.SDK_INFO = void 0;
	const version_1 = require_version$2();
	const semantic_conventions_1 = require_dist();
	const semconv_1 = require_semconv$4();
	/** Constants describing the SDK in use */
	exports.SDK_INFO = {
		[semantic_conventions_1.ATTR_TELEMETRY_SDK_NAME]: "opentelemetry",
		[semconv_1.ATTR_PROCESS_RUNTIME_NAME]: "node",
		[semantic_conventions_1.ATTR_TELEMETRY_SDK_LANGUAGE]: semantic_conventions_1.TELEMETRY_SDK_LANGUAGE_VALUE_NODEJS,
		[semantic_conventions_1.ATTR_TELEMETRY_SDK_VERSION]: version_1.VERSION
	};
}));
// node_modules/@opentelemetry/core/build/src/platform/node/index.js
var require_node$3 = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.otperformance = exports.SDK_INFO = exports._globalThis = exports.getStringListFromEnv = exports.getNumberFromEnv = exports.getBooleanFromEnv = exports.getStringFromEnv = void 0;
	var environment_1 = require_environment();
	Object.defineProperty(exports, "getStringFromEnv", {
		enumerable: true,
		get: function() {
			return environment_1.getStringFromEnv;
		}
	});
	Object.defineProperty(exports, "getBooleanFromEnv", {
		enumerable: true,
		get: function() {
			return environment_1.getBooleanFromEnv;
		}
	});
	Object.defineProperty(exports, "getNumberFromEnv", {
		enumerable: true,
		get: function() {
			return environment_1.getNumberFromEnv;
		}
	});
	Object.defineProperty(exports, "getStringListFromEnv", {
		enumerable: true,
		get: function() {
			return environment_1.getStringListFromEnv;
		}
	});
	var globalThis_1 = require_globalThis();
	Object.defineProperty(exports, "_globalThis", {
		enumerable: true,
		get: function() {
			return globalThis_1._globalThis;
		}
	});
	var sdk_info_1 = require_sdk_info();
	Object.defineProperty(exports, "SDK_INFO", {
		enumerable: true,
		get: function() {
			return sdk_info_1.SDK_INFO;
		}
	});
	/**
	* @deprecated Use performance directly.
	*/
	exports.otperformance = performance;
}));
// node_modules/@opentelemetry/core/build/src/platform/index.js
var require_platform$3 = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.getStringListFromEnv = exports.getNumberFromEnv = exports.getStringFromEnv = exports.getBooleanFromEnv = exports.otperformance = exports._globalThis = exports.SDK_INFO = void 0;
	var node_1 = require_node$3();
	Object.defineProperty(exports, "SDK_INFO", {
		enumerable: true,
		get: function() {
			return node_1.SDK_INFO;
		}
	});
	Object.defineProperty(exports, "_globalThis", {
		enumerable: true,
		get: function() {
			return node_1._globalThis;
		}
	});
	Object.defineProperty(exports, "otperformance", {
		enumerable: true,
		get: function() {
			return node_1.otperformance;
		}
	});
	Object.defineProperty(exports, "getBooleanFromEnv", {
		enumerable: true,
		get: function() {
			return node_1.getBooleanFromEnv;
		}
	});
	Object.defineProperty(exports, "getStringFromEnv", {
		enumerable: true,
		get: function() {
			return node_1.getStringFromEnv;
		}
	});
	Object.defineProperty(exports, "getNumberFromEnv", {
		enumerable: true,
		get: function() {
			return node_1.getNumberFromEnv;
		}
	});
	Object.defineProperty(exports, "getStringListFromEnv", {
		enumerable: true,
		get: function() {
			return node_1.getStringListFromEnv;
		}
	});
}));
// node_modules/@opentelemetry/core/build/src/common/time.js
var require_time = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.addHrTimes = exports.isTimeInput = exports.isTimeInputHrTime = exports.hrTimeToSeconds = exports.hrTimeToMilliseconds = exports.hrTimeToMicroseconds = exports.hrTimeToNanoseconds = exports.hrTimeToTimeStamp = exports.hrTimeDuration = exports.timeInputToHrTime = exports.hrTime = exports.getTimeOrigin = exports.millisToHrTime = void 0;
	const platform_1 = require_platform$3();
	const NANOSECOND_DIGITS = 9;
	const MILLISECONDS_TO_NANOSECONDS = Math.pow(10, 6);
	const SECOND_TO_NANOSECONDS = Math.pow(10, NANOSECOND_DIGITS);
	/**
	* Converts a number of milliseconds from epoch to HrTime([seconds, remainder in nanoseconds]).
	* @param epochMillis
	*/
	function millisToHrTime(epochMillis) {
		const epochSeconds = epochMillis / 1e3;
		return [Math.trunc(epochSeconds), Math.round(epochMillis % 1e3 * MILLISECONDS_TO_NANOSECONDS)];
	}
	exports.millisToHrTime = millisToHrTime;
	/**
	* @deprecated Use `performance.timeOrigin` directly.
	*/
	function getTimeOrigin() {
		return platform_1.otperformance.timeOrigin;
	}
	exports.getTimeOrigin = getTimeOrigin;
	/**
	* Returns an hrtime calculated via performance component.
	* @param performanceNow
	*/
	function hrTime(performanceNow) {
		return addHrTimes(millisToHrTime(platform_1.otperformance.timeOrigin), millisToHrTime(typeof performanceNow === "number" ? performanceNow : platform_1.otperformance.now()));
	}
	exports.hrTime = hrTime;
	/**
	*
	* Converts a TimeInput to an HrTime, defaults to _hrtime().
	* @param time
	*/
	function timeInputToHrTime(time) {
		if (isTimeInputHrTime(time)) return time;
		else if (typeof time === "number") {
			if (time < platform_1.otperformance.timeOrigin / 2) return hrTime(time);
			else return millisToHrTime(time);
		} else if (time instanceof Date) return millisToHrTime(time.getTime());
		else throw TypeError("Invalid input type");
	}
	exports.timeInputToHrTime = timeInputToHrTime;
	/**
	* Returns a duration of two hrTime.
	* @param startTime
	* @param endTime
	*/
	function hrTimeDuration(startTime, endTime) {
		let seconds = endTime[0] - startTime[0];
		let nanos = endTime[1] - startTime[1];
		if (nanos < 0) {
			seconds -= 1;
			nanos += SECOND_TO_NANOSECONDS;
		}
		return [seconds, nanos];
	}
	exports.hrTimeDuration = hrTimeDuration;
	/**
	* Convert hrTime to timestamp, for example "2019-05-14T17:00:00.000123456Z"
	* @param time
	*/
	function hrTimeToTimeStamp(time) {
		const precision = NANOSECOND_DIGITS;
		const tmp = `${"0".repeat(precision)}${time[1]}Z`;
		const nanoString = tmp.substring(tmp.length - precision - 1);
		return (/* @__PURE__ */ new Date(time[0] * 1e3)).toISOString().replace("000Z", nanoString);
	}
	exports.hrTimeToTimeStamp = hrTimeToTimeStamp;
	/**
	* Convert hrTime to nanoseconds.
	* @param time
	*/
	function hrTimeToNanoseconds(time) {
		return time[0] * SECOND_TO_NANOSECONDS + time[1];
	}
	exports.hrTimeToNanoseconds = hrTimeToNanoseconds;
	/**
	* Convert hrTime to microseconds.
	* @param time
	*/
	function hrTimeToMicroseconds(time) {
		return time[0] * 1e6 + time[1] / 1e3;
	}
	exports.hrTimeToMicroseconds = hrTimeToMicroseconds;
	/**
	* Convert hrTime to milliseconds.
	* @param time
	*/
	function hrTimeToMilliseconds(time) {
		return time[0] * 1e3 + time[1] / 1e6;
	}
	exports.hrTimeToMilliseconds = hrTimeToMilliseconds;
	/**
	* Convert hrTime to seconds.
	* @param time
	*/
	function hrTimeToSeconds(time) {
		return time[0] + time[1] / SECOND_TO_NANOSECONDS;
	}
	exports.hrTimeToSeconds = hrTimeToSeconds;
	/**
	* check if time is HrTime
	* @param value
	*/
	function isTimeInputHrTime(value) {
		return Array.isArray(value) && value.length === 2 && typeof value[0] === "number" && typeof value[1] === "number";
	}
	exports.isTimeInputHrTime = isTimeInputHrTime;
	/**
	* check if input value is a correct types.TimeInput
	* @param value
	*/
	function isTimeInput(value) {
		return isTimeInputHrTime(value) || typeof value === "number" || value instanceof Date;
	}
	exports.isTimeInput = isTimeInput;
	/**
	* Given 2 HrTime formatted times, return their sum as an HrTime.
	*/
	function addHrTimes(time1, time2) {
		const out = [time1[0] + time2[0], time1[1] + time2[1]];
		if (out[1] >= SECOND_TO_NANOSECONDS) {
			out[1] -= SECOND_TO_NANOSECONDS;
			out[0] += 1;
		}
		return out;
	}
	exports.addHrTimes = addHrTimes;
}));
// node_modules/@opentelemetry/core/build/src/common/timer-util.js
var require_timer_util = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.unrefTimer = void 0;
	/**
	* @deprecated please copy this code to your implementation instead, this function will be removed in the next major version of this package.
	* @param timer
	*/
	function unrefTimer(timer) {
		if (typeof timer !== "number") timer.unref();
	}
	exports.unrefTimer = unrefTimer;
}));
// node_modules/@opentelemetry/core/build/src/ExportResult.js
var require_ExportResult = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.ExportResultCode = void 0;
	var ExportResultCode;
	(function(ExportResultCode) {
		ExportResultCode[ExportResultCode["SUCCESS"] = 0] = "SUCCESS";
		ExportResultCode[ExportResultCode["FAILED"] = 1] = "FAILED";
	})(ExportResultCode || (exports.ExportResultCode = ExportResultCode = {}));
}));
// node_modules/@opentelemetry/core/build/src/propagation/composite.js
var require_composite = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.CompositePropagator = void 0;
	const api_1 = (init_esm$1(), __toCommonJS(esm_exports$1));
	/** Combines multiple propagators into a single propagator. */
	var CompositePropagator = class {
		_propagators;
		_fields;
		/**
		* Construct a composite propagator from a list of propagators.
		*
		* @param [config] Configuration object for composite propagator
		*/
		constructor(config = {}) {
			this._propagators = config.propagators ?? [];
			const fields = /* @__PURE__ */ new Set();
			for (const propagator of this._propagators) {
				const propagatorFields = typeof propagator.fields === "function" ? propagator.fields() : [];
				for (const field of propagatorFields) fields.add(field);
			}
			this._fields = Array.from(fields);
		}
		/**
		* Run each of the configured propagators with the given context and carrier.
		* Propagators are run in the order they are configured, so if multiple
		* propagators write the same carrier key, the propagator later in the list
		* will "win".
		*
		* @param context Context to inject
		* @param carrier Carrier into which context will be injected
		*/
		inject(context, carrier, setter) {
			for (const propagator of this._propagators) try {
				propagator.inject(context, carrier, setter);
			} catch (err) {
				api_1.diag.warn(`Failed to inject with ${propagator.constructor.name}. Err: ${err.message}`);
			}
		}
		/**
		* Run each of the configured propagators with the given context and carrier.
		* Propagators are run in the order they are configured, so if multiple
		* propagators write the same context key, the propagator later in the list
		* will "win".
		*
		* @param context Context to add values to
		* @param carrier Carrier from which to extract context
		*/
		extract(context, carrier, getter) {
			return this._propagators.reduce((ctx, propagator) => {
				try {
					return propagator.extract(ctx, carrier, getter);
				} catch (err) {
					api_1.diag.warn(`Failed to extract with ${propagator.constructor.name}. Err: ${err.message}`);
				}
				return ctx;
			}, context);
		}
		fields() {
			return this._fields.slice();
		}
	};
	exports.CompositePropagator = CompositePropagator;
}));
// node_modules/@opentelemetry/core/build/src/internal/validators.js
var require_validators = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.validateValue = exports.validateKey = void 0;
	const VALID_KEY_CHAR_RANGE = "[_0-9a-z-*/]";
	const VALID_KEY_REGEX = new RegExp(`^(?:${`[a-z]${VALID_KEY_CHAR_RANGE}{0,255}`}|${`[a-z0-9]${VALID_KEY_CHAR_RANGE}{0,240}@[a-z]${VALID_KEY_CHAR_RANGE}{0,13}`})$`);
	const VALID_VALUE_BASE_REGEX = /^[ -~]{0,255}[!-~]$/;
	const INVALID_VALUE_COMMA_EQUAL_REGEX = /,|=/;
	/**
	* Key is opaque string up to 256 characters printable. It MUST begin with a
	* lowercase letter, and can only contain lowercase letters a-z, digits 0-9,
	* underscores _, dashes -, asterisks *, and forward slashes /.
	* For multi-tenant vendor scenarios, an at sign (@) can be used to prefix the
	* vendor name. Vendors SHOULD set the tenant ID at the beginning of the key.
	* see https://www.w3.org/TR/trace-context/#key
	*/
	function validateKey(key) {
		return VALID_KEY_REGEX.test(key);
	}
	exports.validateKey = validateKey;
	/**
	* Value is opaque string up to 256 characters printable ASCII RFC0020
	* characters (i.e., the range 0x20 to 0x7E) except comma , and =.
	*/
	function validateValue(value) {
		return VALID_VALUE_BASE_REGEX.test(value) && !INVALID_VALUE_COMMA_EQUAL_REGEX.test(value);
	}
	exports.validateValue = validateValue;
}));
// node_modules/@opentelemetry/core/build/src/trace/TraceState.js
var require_TraceState = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.TraceState = void 0;
	const validators_1 = require_validators();
	const MAX_TRACE_STATE_ITEMS = 32;
	const MAX_TRACE_STATE_LEN = 512;
	const LIST_MEMBERS_SEPARATOR = ",";
	const LIST_MEMBER_KEY_VALUE_SPLITTER = "=";
	exports.TraceState = class TraceState {
		_length;
		_rawTraceState;
		_internalState;
		constructor(rawTraceState) {
			this._rawTraceState = typeof rawTraceState === "string" ? rawTraceState : "";
			this._length = this._rawTraceState.length;
		}
		set(key, value) {
			if (!(0, validators_1.validateKey)(key) || !(0, validators_1.validateValue)(value)) return this;
			const currState = this._getState();
			const currValue = currState.get(key);
			let newLength = this._length;
			if (typeof currValue === "string") newLength += value.length - currValue.length;
			else newLength += key.length + value.length + (currState.size > 0 ? 2 : 1);
			if (newLength > MAX_TRACE_STATE_LEN) return this;
			const newState = new Map(currState);
			newState.delete(key);
			newState.set(key, value);
			return this._fromState(newState, newLength);
		}
		unset(key) {
			const currState = this._getState();
			const currValue = currState.get(key);
			if (typeof currValue !== "string") return this;
			let newLength = this._length - (key.length + currValue.length + 1);
			if (currState.size > 1) newLength = newLength - 1;
			const newState = new Map(currState);
			newState.delete(key);
			return this._fromState(newState, newLength);
		}
		get(key) {
			return this._getState().get(key);
		}
		serialize() {
			let serialized = "";
			let index = 0;
			for (const entry of this._getState()) {
				if (index > 0) serialized = LIST_MEMBERS_SEPARATOR + serialized;
				serialized = `${entry[0]}${LIST_MEMBER_KEY_VALUE_SPLITTER}${entry[1]}` + serialized;
				index++;
			}
			return serialized;
		}
		_getState() {
			if (this._internalState) return this._internalState;
			const vendorMembers = this._rawTraceState.split(LIST_MEMBERS_SEPARATOR);
			const vendorEntries = /* @__PURE__ */ new Map();
			let currentLength = 0;
			for (const member of vendorMembers) {
				const m = member.trim();
				const idx = m.indexOf(LIST_MEMBER_KEY_VALUE_SPLITTER);
				if (idx === -1) continue;
				const key = m.slice(0, idx);
				const value = m.slice(idx + 1);
				if (!(0, validators_1.validateKey)(key) || !(0, validators_1.validateValue)(value)) continue;
				const futureLength = currentLength + m.length + (vendorEntries.size > 0 ? 1 : 0);
				if (futureLength > MAX_TRACE_STATE_LEN) continue;
				vendorEntries.set(key, value);
				currentLength = futureLength;
				if (vendorEntries.size >= MAX_TRACE_STATE_ITEMS) break;
			}
			this._length = currentLength;
			this._internalState = new Map(Array.from(vendorEntries.entries()).reverse());
			return this._internalState;
		}
		_fromState(state, length) {
			const traceState = Object.create(TraceState.prototype);
			traceState._internalState = state;
			traceState._length = length;
			return traceState;
		}
	};
}));
// node_modules/@opentelemetry/core/build/src/trace/W3CTraceContextPropagator.js
var require_W3CTraceContextPropagator = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.W3CTraceContextPropagator = exports.parseTraceParent = exports.TRACE_STATE_HEADER = exports.TRACE_PARENT_HEADER = void 0;
	const api_1 = (init_esm$1(), __toCommonJS(esm_exports$1));
	const suppress_tracing_1 = require_suppress_tracing();
	const TraceState_1 = require_TraceState();
	exports.TRACE_PARENT_HEADER = "traceparent";
	exports.TRACE_STATE_HEADER = "tracestate";
	const VERSION = "00";
	const TRACE_PARENT_REGEX = new RegExp(`^\\s?((?!ff)[\\da-f]{2})-((?![0]{32})[\\da-f]{32})-((?![0]{16})[\\da-f]{16})-([\\da-f]{2})(-.*)?\\s?$`);
	/**
	* Parses information from the [traceparent] span tag and converts it into {@link SpanContext}
	* @param traceParent - A meta property that comes from server.
	*     It should be dynamically generated server side to have the server's request trace Id,
	*     a parent span Id that was set on the server's request span,
	*     and the trace flags to indicate the server's sampling decision
	*     (01 = sampled, 00 = not sampled).
	*     for example: '{version}-{traceId}-{spanId}-{sampleDecision}'
	*     For more information see {@link https://www.w3.org/TR/trace-context/}
	*/
	function parseTraceParent(traceParent) {
		const match = TRACE_PARENT_REGEX.exec(traceParent);
		if (!match) return null;
		if (match[1] === "00" && match[5]) return null;
		return {
			traceId: match[2],
			spanId: match[3],
			traceFlags: parseInt(match[4], 16)
		};
	}
	exports.parseTraceParent = parseTraceParent;
	/**
	* Propagates {@link SpanContext} through Trace Context format propagation.
	*
	* Based on the Trace Context specification:
	* https://www.w3.org/TR/trace-context/
	*/
	var W3CTraceContextPropagator = class {
		inject(context, carrier, setter) {
			const spanContext = api_1.trace.getSpanContext(context);
			if (!spanContext || (0, suppress_tracing_1.isTracingSuppressed)(context) || !(0, api_1.isSpanContextValid)(spanContext)) return;
			const traceParent = `${VERSION}-${spanContext.traceId}-${spanContext.spanId}-0${Number(spanContext.traceFlags || api_1.TraceFlags.NONE).toString(16)}`;
			setter.set(carrier, exports.TRACE_PARENT_HEADER, traceParent);
			if (spanContext.traceState) setter.set(carrier, exports.TRACE_STATE_HEADER, spanContext.traceState.serialize());
		}
		extract(context, carrier, getter) {
			const traceParentHeader = getter.get(carrier, exports.TRACE_PARENT_HEADER);
			if (!traceParentHeader) return context;
			const traceParent = Array.isArray(traceParentHeader) ? traceParentHeader[0] : traceParentHeader;
			if (typeof traceParent !== "string") return context;
			const spanContext = parseTraceParent(traceParent);
			if (!spanContext) return context;
			spanContext.isRemote = true;
			const traceStateHeader = getter.get(carrier, exports.TRACE_STATE_HEADER);
			if (traceStateHeader) {
				const state = Array.isArray(traceStateHeader) ? traceStateHeader.join(",") : traceStateHeader;
				spanContext.traceState = new TraceState_1.TraceState(typeof state === "string" ? state : void 0);
			}
			return api_1.trace.setSpanContext(context, spanContext);
		}
		fields() {
			return [exports.TRACE_PARENT_HEADER, exports.TRACE_STATE_HEADER];
		}
	};
	exports.W3CTraceContextPropagator = W3CTraceContextPropagator;
}));
// node_modules/@opentelemetry/core/build/src/trace/rpc-metadata.js
var require_rpc_metadata = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.getRPCMetadata = exports.deleteRPCMetadata = exports.setRPCMetadata = exports.RPCType = void 0;
	const RPC_METADATA_KEY = (0, (init_esm$1(), __toCommonJS(esm_exports$1)).createContextKey)("OpenTelemetry SDK Context Key RPC_METADATA");
	var RPCType;
	(function(RPCType) {
		RPCType["HTTP"] = "http";
	})(RPCType || (exports.RPCType = RPCType = {}));
	function setRPCMetadata(context, meta) {
		return context.setValue(RPC_METADATA_KEY, meta);
	}
	exports.setRPCMetadata = setRPCMetadata;
	function deleteRPCMetadata(context) {
		return context.deleteValue(RPC_METADATA_KEY);
	}
	exports.deleteRPCMetadata = deleteRPCMetadata;
	function getRPCMetadata(context) {
		return context.getValue(RPC_METADATA_KEY);
	}
	exports.getRPCMetadata = getRPCMetadata;
}));
// node_modules/@opentelemetry/core/build/src/utils/lodash.merge.js
var require_lodash_merge = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.isPlainObject = void 0;
	/**
	* based on lodash in order to support esm builds without esModuleInterop.
	* lodash is using MIT License.
	**/
	const objectTag = "[object Object]";
	const nullTag = "[object Null]";
	const undefinedTag = "[object Undefined]";
	const funcToString = Function.prototype.toString;
	const objectCtorString = funcToString.call(Object);
	const getPrototypeOf = Object.getPrototypeOf;
	const objectProto = Object.prototype;
	const hasOwnProperty = objectProto.hasOwnProperty;
	const symToStringTag = Symbol ? Symbol.toStringTag : void 0;
	const nativeObjectToString = objectProto.toString;
	/**
	* Checks if `value` is a plain object, that is, an object created by the
	* `Object` constructor or one with a `[[Prototype]]` of `null`.
	*
	* @static
	* @memberOf _
	* @since 0.8.0
	* @category Lang
	* @param {*} value The value to check.
	* @returns {boolean} Returns `true` if `value` is a plain object, else `false`.
	* @example
	*
	* function Foo() {
	*   this.a = 1;
	* }
	*
	* _.isPlainObject(new Foo);
	* // => false
	*
	* _.isPlainObject([1, 2, 3]);
	* // => false
	*
	* _.isPlainObject({ 'x': 0, 'y': 0 });
	* // => true
	*
	* _.isPlainObject(Object.create(null));
	* // => true
	*/
	function isPlainObject(value) {
		if (!isObjectLike(value) || baseGetTag(value) !== objectTag) return false;
		const proto = getPrototypeOf(value);
		if (proto === null) return true;
		const Ctor = hasOwnProperty.call(proto, "constructor") && proto.constructor;
		return typeof Ctor == "function" && Ctor instanceof Ctor && funcToString.call(Ctor) === objectCtorString;
	}
	exports.isPlainObject = isPlainObject;
	/**
	* Checks if `value` is object-like. A value is object-like if it's not `null`
	* and has a `typeof` result of "object".
	*
	* @static
	* @memberOf _
	* @since 4.0.0
	* @category Lang
	* @param {*} value The value to check.
	* @returns {boolean} Returns `true` if `value` is object-like, else `false`.
	* @example
	*
	* _.isObjectLike({});
	* // => true
	*
	* _.isObjectLike([1, 2, 3]);
	* // => true
	*
	* _.isObjectLike(_.noop);
	* // => false
	*
	* _.isObjectLike(null);
	* // => false
	*/
	function isObjectLike(value) {
		return value != null && typeof value == "object";
	}
	/**
	* The base implementation of `getTag` without fallbacks for buggy environments.
	*
	* @private
	* @param {*} value The value to query.
	* @returns {string} Returns the `toStringTag`.
	*/
	function baseGetTag(value) {
		if (value == null) return value === void 0 ? undefinedTag : nullTag;
		return symToStringTag && symToStringTag in Object(value) ? getRawTag(value) : objectToString(value);
	}
	/**
	* A specialized version of `baseGetTag` which ignores `Symbol.toStringTag` values.
	*
	* @private
	* @param {*} value The value to query.
	* @returns {string} Returns the raw `toStringTag`.
	*/
	function getRawTag(value) {
		const isOwn = hasOwnProperty.call(value, symToStringTag), tag = value[symToStringTag];
		let unmasked = false;
		try {
			value[symToStringTag] = void 0;
			unmasked = true;
		} catch {}
		const result = nativeObjectToString.call(value);
		if (unmasked) {
			if (isOwn) value[symToStringTag] = tag;
			else delete value[symToStringTag];
		}
		return result;
	}
	/**
	* Converts `value` to a string using `Object.prototype.toString`.
	*
	* @private
	* @param {*} value The value to convert.
	* @returns {string} Returns the converted string.
	*/
	function objectToString(value) {
		return nativeObjectToString.call(value);
	}
}));
// node_modules/@opentelemetry/core/build/src/utils/merge.js
var require_merge = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.merge = void 0;
	const lodash_merge_1 = require_lodash_merge();
	const MAX_LEVEL = 20;
	/**
	* Merges objects together
	* @param args - objects / values to be merged
	*/
	function merge(...args) {
		let result = args.shift();
		const objects = /* @__PURE__ */ new WeakMap();
		while (args.length > 0) result = mergeTwoObjects(result, args.shift(), 0, objects);
		return result;
	}
	exports.merge = merge;
	function takeValue(value) {
		if (isArray(value)) return value.slice();
		return value;
	}
	/**
	* Merges two objects
	* @param one - first object
	* @param two - second object
	* @param level - current deep level
	* @param objects - objects holder that has been already referenced - to prevent
	* cyclic dependency
	*/
	function mergeTwoObjects(one, two, level = 0, objects) {
		let result;
		if (level > MAX_LEVEL) return;
		level++;
		if (isPrimitive(one) || isPrimitive(two) || isFunction(two)) result = takeValue(two);
		else if (isArray(one)) {
			result = one.slice();
			if (isArray(two)) for (let i = 0, j = two.length; i < j; i++) result.push(takeValue(two[i]));
			else if (isObject(two)) {
				const keys = Object.keys(two);
				for (let i = 0, j = keys.length; i < j; i++) {
					const key = keys[i];
					if (key === "__proto__" || key === "constructor" || key === "prototype") continue;
					result[key] = takeValue(two[key]);
				}
			}
		} else if (isObject(one)) {
			if (isObject(two)) {
				if (!shouldMerge(one, two)) return two;
				result = Object.assign({}, one);
				const keys = Object.keys(two);
				for (let i = 0, j = keys.length; i < j; i++) {
					const key = keys[i];
					if (key === "__proto__" || key === "constructor" || key === "prototype") continue;
					const twoValue = two[key];
					if (isPrimitive(twoValue)) {
						if (typeof twoValue === "undefined") delete result[key];
						else result[key] = twoValue;
					} else {
						const obj1 = result[key];
						const obj2 = twoValue;
						if (wasObjectReferenced(one, key, objects) || wasObjectReferenced(two, key, objects)) delete result[key];
						else {
							if (isObject(obj1) && isObject(obj2)) {
								const arr1 = objects.get(obj1) || [];
								const arr2 = objects.get(obj2) || [];
								arr1.push({
									obj: one,
									key
								});
								arr2.push({
									obj: two,
									key
								});
								objects.set(obj1, arr1);
								objects.set(obj2, arr2);
							}
							result[key] = mergeTwoObjects(result[key], twoValue, level, objects);
						}
					}
				}
			} else result = two;
		}
		return result;
	}
	/**
	* Function to check if object has been already reference
	* @param obj
	* @param key
	* @param objects
	*/
	function wasObjectReferenced(obj, key, objects) {
		const arr = objects.get(obj[key]) || [];
		for (let i = 0, j = arr.length; i < j; i++) {
			const info = arr[i];
			if (info.key === key && info.obj === obj) return true;
		}
		return false;
	}
	function isArray(value) {
		return Array.isArray(value);
	}
	function isFunction(value) {
		return typeof value === "function";
	}
	function isObject(value) {
		return !isPrimitive(value) && !isArray(value) && !isFunction(value) && typeof value === "object";
	}
	function isPrimitive(value) {
		return typeof value === "string" || typeof value === "number" || typeof value === "boolean" || typeof value === "undefined" || value instanceof Date || value instanceof RegExp || value === null;
	}
	function shouldMerge(one, two) {
		if (!(0, lodash_merge_1.isPlainObject)(one) || !(0, lodash_merge_1.isPlainObject)(two)) return false;
		return true;
	}
}));
// node_modules/@opentelemetry/core/build/src/utils/timeout.js
var require_timeout = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.callWithTimeout = exports.TimeoutError = void 0;
	/**
	* Error that is thrown on timeouts.
	*/
	var TimeoutError = class TimeoutError extends Error {
		constructor(message) {
			super(message);
			Object.setPrototypeOf(this, TimeoutError.prototype);
		}
	};
	exports.TimeoutError = TimeoutError;
	/**
	* Adds a timeout to a promise and rejects if the specified timeout has elapsed. Also rejects if the specified promise
	* rejects, and resolves if the specified promise resolves.
	*
	* <p> NOTE: this operation will continue even after it throws a {@link TimeoutError}.
	*
	* @param promise promise to use with timeout.
	* @param timeout the timeout in milliseconds until the returned promise is rejected.
	*/
	function callWithTimeout(promise, timeout) {
		let timeoutHandle;
		const timeoutPromise = new Promise(function timeoutFunction(_resolve, reject) {
			timeoutHandle = setTimeout(function timeoutHandler() {
				reject(new TimeoutError("Operation timed out."));
			}, timeout);
		});
		return Promise.race([promise, timeoutPromise]).then((result) => {
			clearTimeout(timeoutHandle);
			return result;
		}, (reason) => {
			clearTimeout(timeoutHandle);
			throw reason;
		});
	}
	exports.callWithTimeout = callWithTimeout;
}));
// node_modules/@opentelemetry/core/build/src/utils/url.js
var require_url = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.isUrlIgnored = exports.urlMatches = void 0;
	function urlMatches(url, urlToMatch) {
		if (typeof urlToMatch === "string") return url === urlToMatch;
		else return !!url.match(urlToMatch);
	}
	exports.urlMatches = urlMatches;
	/**
	* Check if {@param url} should be ignored when comparing against {@param ignoredUrls}
	* @param url
	* @param ignoredUrls
	*/
	function isUrlIgnored(url, ignoredUrls) {
		if (!ignoredUrls) return false;
		for (const ignoreUrl of ignoredUrls) if (urlMatches(url, ignoreUrl)) return true;
		return false;
	}
	exports.isUrlIgnored = isUrlIgnored;
}));
// node_modules/@opentelemetry/core/build/src/utils/promise.js
var require_promise = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.Deferred = void 0;
	var Deferred = class {
		_promise;
		_resolve;
		_reject;
		constructor() {
			this._promise = new Promise((resolve, reject) => {
				this._resolve = resolve;
				this._reject = reject;
			});
		}
		get promise() {
			return this._promise;
		}
		resolve(val) {
			this._resolve(val);
		}
		reject(err) {
			this._reject(err);
		}
	};
	exports.Deferred = Deferred;
}));
// node_modules/@opentelemetry/core/build/src/utils/callback.js
var require_callback = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.BindOnceFuture = void 0;
	const promise_1 = require_promise();
	/**
	* Bind the callback and only invoke the callback once regardless how many times `BindOnceFuture.call` is invoked.
	*/
	var BindOnceFuture = class {
		_isCalled = false;
		_deferred = new promise_1.Deferred();
		_callback;
		_that;
		constructor(callback, that) {
			this._callback = callback;
			this._that = that;
		}
		get isCalled() {
			return this._isCalled;
		}
		get promise() {
			return this._deferred.promise;
		}
		call(...args) {
			if (!this._isCalled) {
				this._isCalled = true;
				try {
					Promise.resolve(this._callback.call(this._that, ...args)).then((val) => this._deferred.resolve(val), (err) => this._deferred.reject(err));
				} catch (err) {
					this._deferred.reject(err);
				}
			}
			return this._deferred.promise;
		}
	};
	exports.BindOnceFuture = BindOnceFuture;
}));
// node_modules/@opentelemetry/core/build/src/utils/configuration.js
var require_configuration = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.diagLogLevelFromString = void 0;
	const api_1 = (init_esm$1(), __toCommonJS(esm_exports$1));
	const logLevelMap = {
		ALL: api_1.DiagLogLevel.ALL,
		VERBOSE: api_1.DiagLogLevel.VERBOSE,
		DEBUG: api_1.DiagLogLevel.DEBUG,
		INFO: api_1.DiagLogLevel.INFO,
		WARN: api_1.DiagLogLevel.WARN,
		ERROR: api_1.DiagLogLevel.ERROR,
		NONE: api_1.DiagLogLevel.NONE
	};
	/**
	* Convert a string to a {@link DiagLogLevel}, defaults to {@link DiagLogLevel} if the log level does not exist or undefined if the input is undefined.
	* @param value
	*/
	function diagLogLevelFromString(value) {
		if (value == null) return;
		const resolvedLogLevel = logLevelMap[value.toUpperCase()];
		if (resolvedLogLevel == null) {
			api_1.diag.warn(`Unknown log level "${value}", expected one of ${Object.keys(logLevelMap)}, using default`);
			return api_1.DiagLogLevel.INFO;
		}
		return resolvedLogLevel;
	}
	exports.diagLogLevelFromString = diagLogLevelFromString;
}));
// node_modules/@opentelemetry/core/build/src/internal/exporter.js
var require_exporter = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports._export = void 0;
	const api_1 = (init_esm$1(), __toCommonJS(esm_exports$1));
	const suppress_tracing_1 = require_suppress_tracing();
	/**
	* @internal
	* Shared functionality used by Exporters while exporting data, including suppression of Traces.
	*/
	function _export(exporter, arg) {
		return new Promise((resolve) => {
			api_1.context.with((0, suppress_tracing_1.suppressTracing)(api_1.context.active()), () => {
				exporter.export(arg, resolve);
			});
		});
	}
	exports._export = _export;
}));
// node_modules/@opentelemetry/core/build/src/index.js
var require_src$6 = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.diagLogLevelFromString = exports.BindOnceFuture = exports.urlMatches = exports.isUrlIgnored = exports.callWithTimeout = exports.TimeoutError = exports.merge = exports.TraceState = exports.unsuppressTracing = exports.suppressTracing = exports.isTracingSuppressed = exports.setRPCMetadata = exports.getRPCMetadata = exports.deleteRPCMetadata = exports.RPCType = exports.parseTraceParent = exports.W3CTraceContextPropagator = exports.TRACE_STATE_HEADER = exports.TRACE_PARENT_HEADER = exports.CompositePropagator = exports.otperformance = exports.getStringListFromEnv = exports.getNumberFromEnv = exports.getBooleanFromEnv = exports.getStringFromEnv = exports._globalThis = exports.SDK_INFO = exports.parseKeyPairsIntoRecord = exports.ExportResultCode = exports.unrefTimer = exports.timeInputToHrTime = exports.millisToHrTime = exports.isTimeInputHrTime = exports.isTimeInput = exports.hrTimeToTimeStamp = exports.hrTimeToSeconds = exports.hrTimeToNanoseconds = exports.hrTimeToMilliseconds = exports.hrTimeToMicroseconds = exports.hrTimeDuration = exports.hrTime = exports.getTimeOrigin = exports.addHrTimes = exports.loggingErrorHandler = exports.setGlobalErrorHandler = exports.globalErrorHandler = exports.sanitizeAttributes = exports.isAttributeValue = exports.AnchoredClock = exports.W3CBaggagePropagator = void 0;
	exports.internal = void 0;
	var W3CBaggagePropagator_1 = require_W3CBaggagePropagator();
	Object.defineProperty(exports, "W3CBaggagePropagator", {
		enumerable: true,
		get: function() {
			return W3CBaggagePropagator_1.W3CBaggagePropagator;
		}
	});
	var anchored_clock_1 = require_anchored_clock();
	Object.defineProperty(exports, "AnchoredClock", {
		enumerable: true,
		get: function() {
			return anchored_clock_1.AnchoredClock;
		}
	});
	var attributes_1 = require_attributes();
	Object.defineProperty(exports, "isAttributeValue", {
		enumerable: true,
		get: function() {
			return attributes_1.isAttributeValue;
		}
	});
	Object.defineProperty(exports, "sanitizeAttributes", {
		enumerable: true,
		get: function() {
			return attributes_1.sanitizeAttributes;
		}
	});
	var global_error_handler_1 = require_global_error_handler();
	Object.defineProperty(exports, "globalErrorHandler", {
		enumerable: true,
		get: function() {
			return global_error_handler_1.globalErrorHandler;
		}
	});
	Object.defineProperty(exports, "setGlobalErrorHandler", {
		enumerable: true,
		get: function() {
			return global_error_handler_1.setGlobalErrorHandler;
		}
	});
	var logging_error_handler_1 = require_logging_error_handler();
	Object.defineProperty(exports, "loggingErrorHandler", {
		enumerable: true,
		get: function() {
			return logging_error_handler_1.loggingErrorHandler;
		}
	});
	var time_1 = require_time();
	Object.defineProperty(exports, "addHrTimes", {
		enumerable: true,
		get: function() {
			return time_1.addHrTimes;
		}
	});
	Object.defineProperty(exports, "getTimeOrigin", {
		enumerable: true,
		get: function() {
			return time_1.getTimeOrigin;
		}
	});
	Object.defineProperty(exports, "hrTime", {
		enumerable: true,
		get: function() {
			return time_1.hrTime;
		}
	});
	Object.defineProperty(exports, "hrTimeDuration", {
		enumerable: true,
		get: function() {
			return time_1.hrTimeDuration;
		}
	});
	Object.defineProperty(exports, "hrTimeToMicroseconds", {
		enumerable: true,
		get: function() {
			return time_1.hrTimeToMicroseconds;
		}
	});
	Object.defineProperty(exports, "hrTimeToMilliseconds", {
		enumerable: true,
		get: function() {
			return time_1.hrTimeToMilliseconds;
		}
	});
	Object.defineProperty(exports, "hrTimeToNanoseconds", {
		enumerable: true,
		get: function() {
			return time_1.hrTimeToNanoseconds;
		}
	});
	Object.defineProperty(exports, "hrTimeToSeconds", {
		enumerable: true,
		get: function() {
			return time_1.hrTimeToSeconds;
		}
	});
	Object.defineProperty(exports, "hrTimeToTimeStamp", {
		enumerable: true,
		get: function() {
			return time_1.hrTimeToTimeStamp;
		}
	});
	Object.defineProperty(exports, "isTimeInput", {
		enumerable: true,
		get: function() {
			return time_1.isTimeInput;
		}
	});
	Object.defineProperty(exports, "isTimeInputHrTime", {
		enumerable: true,
		get: function() {
			return time_1.isTimeInputHrTime;
		}
	});
	Object.defineProperty(exports, "millisToHrTime", {
		enumerable: true,
		get: function() {
			return time_1.millisToHrTime;
		}
	});
	Object.defineProperty(exports, "timeInputToHrTime", {
		enumerable: true,
		get: function() {
			return time_1.timeInputToHrTime;
		}
	});
	var timer_util_1 = require_timer_util();
	Object.defineProperty(exports, "unrefTimer", {
		enumerable: true,
		get: function() {
			return timer_util_1.unrefTimer;
		}
	});
	var ExportResult_1 = require_ExportResult();
	Object.defineProperty(exports, "ExportResultCode", {
		enumerable: true,
		get: function() {
			return ExportResult_1.ExportResultCode;
		}
	});
	var utils_1 = require_utils$7();
	Object.defineProperty(exports, "parseKeyPairsIntoRecord", {
		enumerable: true,
		get: function() {
			return utils_1.parseKeyPairsIntoRecord;
		}
	});
	var platform_1 = require_platform$3();
	Object.defineProperty(exports, "SDK_INFO", {
		enumerable: true,
		get: function() {
			return platform_1.SDK_INFO;
		}
	});
	Object.defineProperty(exports, "_globalThis", {
		enumerable: true,
		get: function() {
			return platform_1._globalThis;
		}
	});
	Object.defineProperty(exports, "getStringFromEnv", {
		enumerable: true,
		get: function() {
			return platform_1.getStringFromEnv;
		}
	});
	Object.defineProperty(exports, "getBooleanFromEnv", {
		enumerable: true,
		get: function() {
			return platform_1.getBooleanFromEnv;
		}
	});
	Object.defineProperty(exports, "getNumberFromEnv", {
		enumerable: true,
		get: function() {
			return platform_1.getNumberFromEnv;
		}
	});
	Object.defineProperty(exports, "getStringListFromEnv", {
		enumerable: true,
		get: function() {
			return platform_1.getStringListFromEnv;
		}
	});
	Object.defineProperty(exports, "otperformance", {
		enumerable: true,
		get: function() {
			return platform_1.otperformance;
		}
	});
	var composite_1 = require_composite();
	Object.defineProperty(exports, "CompositePropagator", {
		enumerable: true,
		get: function() {
			return composite_1.CompositePropagator;
		}
	});
	var W3CTraceContextPropagator_1 = require_W3CTraceContextPropagator();
	Object.defineProperty(exports, "TRACE_PARENT_HEADER", {
		enumerable: true,
		get: function() {
			return W3CTraceContextPropagator_1.TRACE_PARENT_HEADER;
		}
	});
	Object.defineProperty(exports, "TRACE_STATE_HEADER", {
		enumerable: true,
		get: function() {
			return W3CTraceContextPropagator_1.TRACE_STATE_HEADER;
		}
	});
	Object.defineProperty(exports, "W3CTraceContextPropagator", {
		enumerable: true,
		get: function() {
			return W3CTraceContextPropagator_1.W3CTraceContextPropagator;
		}
	});
	Object.defineProperty(exports, "parseTraceParent", {
		enumerable: true,
		get: function() {
			return W3CTraceContextPropagator_1.parseTraceParent;
		}
	});
	var rpc_metadata_1 = require_rpc_metadata();
	Object.defineProperty(exports, "RPCType", {
		enumerable: true,
		get: function() {
			return rpc_metadata_1.RPCType;
		}
	});
	Object.defineProperty(exports, "deleteRPCMetadata", {
		enumerable: true,
		get: function() {
			return rpc_metadata_1.deleteRPCMetadata;
		}
	});
	Object.defineProperty(exports, "getRPCMetadata", {
		enumerable: true,
		get: function() {
			return rpc_metadata_1.getRPCMetadata;
		}
	});
	Object.defineProperty(exports, "setRPCMetadata", {
		enumerable: true,
		get: function() {
			return rpc_metadata_1.setRPCMetadata;
		}
	});
	var suppress_tracing_1 = require_suppress_tracing();
	Object.defineProperty(exports, "isTracingSuppressed", {
		enumerable: true,
		get: function() {
			return suppress_tracing_1.isTracingSuppressed;
		}
	});
	Object.defineProperty(exports, "suppressTracing", {
		enumerable: true,
		get: function() {
			return suppress_tracing_1.suppressTracing;
		}
	});
	Object.defineProperty(exports, "unsuppressTracing", {
		enumerable: true,
		get: function() {
			return suppress_tracing_1.unsuppressTracing;
		}
	});
	var TraceState_1 = require_TraceState();
	Object.defineProperty(exports, "TraceState", {
		enumerable: true,
		get: function() {
			return TraceState_1.TraceState;
		}
	});
	var merge_1 = require_merge();
	Object.defineProperty(exports, "merge", {
		enumerable: true,
		get: function() {
			return merge_1.merge;
		}
	});
	var timeout_1 = require_timeout();
	Object.defineProperty(exports, "TimeoutError", {
		enumerable: true,
		get: function() {
			return timeout_1.TimeoutError;
		}
	});
	Object.defineProperty(exports, "callWithTimeout", {
		enumerable: true,
		get: function() {
			return timeout_1.callWithTimeout;
		}
	});
	var url_1 = require_url();
	Object.defineProperty(exports, "isUrlIgnored", {
		enumerable: true,
		get: function() {
			return url_1.isUrlIgnored;
		}
	});
	Object.defineProperty(exports, "urlMatches", {
		enumerable: true,
		get: function() {
			return url_1.urlMatches;
		}
	});
	var callback_1 = require_callback();
	Object.defineProperty(exports, "BindOnceFuture", {
		enumerable: true,
		get: function() {
			return callback_1.BindOnceFuture;
		}
	});
	var configuration_1 = require_configuration();
	Object.defineProperty(exports, "diagLogLevelFromString", {
		enumerable: true,
		get: function() {
			return configuration_1.diagLogLevelFromString;
		}
	});
	exports.internal = { _export: require_exporter()._export };
}));
// node_modules/@opentelemetry/otlp-exporter-base/build/esm/OTLPExporterBase.js
var OTLPExporterBase;
var init_OTLPExporterBase = __esmMin((() => {
	OTLPExporterBase = class {
		_delegate;
		constructor(delegate) {
			this._delegate = delegate;
		}
		/**
		* Export items.
		* @param items
		* @param resultCallback
		*/
		export(items, resultCallback) {
			this._delegate.export(items, resultCallback);
		}
		forceFlush() {
			return this._delegate.forceFlush();
		}
		shutdown() {
			return this._delegate.shutdown();
		}
		setMetrics(metrics) {
			this._delegate.setMetrics(metrics);
		}
	};
}));
// node_modules/@opentelemetry/otlp-exporter-base/build/esm/types.js
var OTLPExporterError;
var init_types = __esmMin((() => {
	OTLPExporterError = class extends Error {
		code;
		name = "OTLPExporterError";
		data;
		constructor(message, code, data) {
			super(message);
			this.data = data;
			this.code = code;
		}
	};
}));
// node_modules/@opentelemetry/otlp-exporter-base/build/esm/configuration/shared-configuration.js
function validateTimeoutMillis(timeoutMillis) {
	if (Number.isFinite(timeoutMillis) && timeoutMillis > 0) return timeoutMillis;
	throw new Error(`Configuration: timeoutMillis is invalid, expected number greater than 0 (actual: '${timeoutMillis}')`);
}
function wrapStaticHeadersInFunction(headers) {
	if (headers == null) return;
	return async () => headers;
}
/**
* @param userProvidedConfiguration  Configuration options provided by the user in code.
* @param fallbackConfiguration Fallback to use when the {@link userProvidedConfiguration} does not specify an option.
* @param defaultConfiguration The defaults as defined by the exporter specification
*/
function mergeOtlpSharedConfigurationWithDefaults(userProvidedConfiguration, fallbackConfiguration, defaultConfiguration) {
	return {
		timeoutMillis: validateTimeoutMillis(userProvidedConfiguration.timeoutMillis ?? fallbackConfiguration.timeoutMillis ?? defaultConfiguration.timeoutMillis),
		concurrencyLimit: userProvidedConfiguration.concurrencyLimit ?? fallbackConfiguration.concurrencyLimit ?? defaultConfiguration.concurrencyLimit,
		compression: userProvidedConfiguration.compression ?? fallbackConfiguration.compression ?? defaultConfiguration.compression
	};
}
function getSharedConfigurationDefaults() {
	return {
		timeoutMillis: 1e4,
		concurrencyLimit: 30,
		compression: "none"
	};
}
var init_shared_configuration = __esmMin((() => {}));
// node_modules/@opentelemetry/otlp-exporter-base/build/esm/configuration/legacy-node-configuration.js
var CompressionAlgorithm;
var init_legacy_node_configuration = __esmMin((() => {
	(function(CompressionAlgorithm) {
		CompressionAlgorithm["NONE"] = "none";
		CompressionAlgorithm["GZIP"] = "gzip";
	})(CompressionAlgorithm || (CompressionAlgorithm = {}));
}));
// node_modules/@opentelemetry/otlp-exporter-base/build/esm/bounded-queue-export-promise-handler.js
/**
* Promise queue for keeping track of export promises. Finished promises will be auto-dequeued.
* Allows for awaiting all promises in the queue.
*/
function createBoundedQueueExportPromiseHandler(options) {
	return new BoundedQueueExportPromiseHandler(options.concurrencyLimit);
}
var BoundedQueueExportPromiseHandler;
var init_bounded_queue_export_promise_handler = __esmMin((() => {
	BoundedQueueExportPromiseHandler = class {
		_concurrencyLimit;
		_sendingPromises = [];
		/**
		* @param concurrencyLimit maximum promises allowed in a queue at the same time.
		*/
		constructor(concurrencyLimit) {
			this._concurrencyLimit = concurrencyLimit;
		}
		pushPromise(promise) {
			if (this.hasReachedLimit()) throw new Error("Concurrency Limit reached");
			this._sendingPromises.push(promise);
			const popPromise = () => {
				const index = this._sendingPromises.indexOf(promise);
				this._sendingPromises.splice(index, 1);
			};
			promise.then(popPromise, popPromise);
		}
		hasReachedLimit() {
			return this._sendingPromises.length >= this._concurrencyLimit;
		}
		async awaitAll() {
			await Promise.all(this._sendingPromises);
		}
	};
}));
// node_modules/@opentelemetry/otlp-exporter-base/build/esm/logging-response-handler.js
function isPartialSuccessResponse(response) {
	return Object.prototype.hasOwnProperty.call(response, "partialSuccess");
}
/**
* Default response handler that logs a partial success to the console.
*/
function createLoggingPartialSuccessResponseHandler() {
	return { handleResponse(response) {
		if (response == null || !isPartialSuccessResponse(response) || response.partialSuccess == null || Object.keys(response.partialSuccess).length === 0) return;
		diag.warn("Received Partial Success response:", JSON.stringify(response.partialSuccess));
	} };
}
var init_logging_response_handler = __esmMin((() => {
	init_esm$1();
}));
// node_modules/@opentelemetry/otlp-exporter-base/build/esm/otlp-export-delegate.js
/**
* Creates a generic delegate for OTLP exports which only contains parts of the OTLP export that are shared across all
* signals.
*/
function createOtlpExportDelegate(components, settings) {
	return new OTLPExportDelegate(components.transport, components.serializer, createLoggingPartialSuccessResponseHandler(), components.promiseHandler, components.metrics, settings.timeout);
}
var import_src$6, OTLPExportDelegate;
var init_otlp_export_delegate = __esmMin((() => {
	import_src$6 = require_src$6();
	init_types();
	init_logging_response_handler();
	init_esm$1();
	OTLPExportDelegate = class {
		_metrics;
		_diagLogger;
		_transport;
		_serializer;
		_responseHandler;
		_promiseQueue;
		_timeout;
		constructor(transport, serializer, responseHandler, promiseQueue, metrics, timeout) {
			this._transport = transport;
			this._serializer = serializer;
			this._responseHandler = responseHandler;
			this._promiseQueue = promiseQueue;
			this._timeout = timeout;
			this._diagLogger = diag.createComponentLogger({ namespace: "OTLPExportDelegate" });
			this._metrics = metrics;
		}
		export(internalRepresentation, resultCallback) {
			this._diagLogger.debug("items to be sent", internalRepresentation);
			if (this._promiseQueue.hasReachedLimit()) {
				resultCallback({
					code: import_src$6.ExportResultCode.FAILED,
					error: /* @__PURE__ */ new Error("Concurrent export limit reached")
				});
				return;
			}
			const serializedRequest = this._serializer.serializeRequest(internalRepresentation);
			if (serializedRequest == null) {
				resultCallback({
					code: import_src$6.ExportResultCode.FAILED,
					error: /* @__PURE__ */ new Error("Nothing to send")
				});
				return;
			}
			const finishExport = this._metrics.startExport(internalRepresentation);
			this._promiseQueue.pushPromise(this._transport.send(serializedRequest, this._timeout).then((response) => {
				if (response.status === "success") {
					finishExport(void 0);
					if (response.data != null) try {
						this._responseHandler.handleResponse(this._serializer.deserializeResponse(response.data));
					} catch (e) {
						this._diagLogger.warn("Export succeeded but could not deserialize response - is the response specification compliant?", e, response.data);
					}
					resultCallback({ code: import_src$6.ExportResultCode.SUCCESS });
					return;
				} else if (response.status === "failure" && response.error) {
					finishExport(response.error);
					resultCallback({
						code: import_src$6.ExportResultCode.FAILED,
						error: response.error
					});
					return;
				} else if (response.status === "retryable") {
					finishExport("export_max_retries");
					resultCallback({
						code: import_src$6.ExportResultCode.FAILED,
						error: response.error ?? new OTLPExporterError("Export failed with retryable status")
					});
				} else {
					finishExport("export_failed");
					resultCallback({
						code: import_src$6.ExportResultCode.FAILED,
						error: new OTLPExporterError("Export failed with unknown error")
					});
				}
			}, (reason) => {
				finishExport(reason);
				resultCallback({
					code: import_src$6.ExportResultCode.FAILED,
					error: reason
				});
			}));
		}
		forceFlush() {
			return this._promiseQueue.awaitAll();
		}
		setMetrics(metrics) {
			this._metrics = metrics;
		}
		async shutdown() {
			this._diagLogger.debug("shutdown started");
			await this.forceFlush();
			this._transport.shutdown();
		}
	};
}));
// node_modules/@opentelemetry/otlp-exporter-base/build/esm/otlp-network-export-delegate.js
function createOtlpNetworkExportDelegate(options, serializer, metrics, transport) {
	return createOtlpExportDelegate({
		transport,
		serializer,
		promiseHandler: createBoundedQueueExportPromiseHandler(options),
		metrics
	}, { timeout: options.timeoutMillis });
}
var init_otlp_network_export_delegate = __esmMin((() => {
	init_bounded_queue_export_promise_handler();
	init_otlp_export_delegate();
}));
// node_modules/@opentelemetry/otlp-exporter-base/build/esm/semconv.js
var ATTR_HTTP_RESPONSE_STATUS_CODE, ATTR_OTEL_COMPONENT_NAME, ATTR_OTEL_COMPONENT_TYPE, ATTR_SERVER_ADDRESS, ATTR_SERVER_PORT, ATTR_ERROR_TYPE;
var init_semconv = __esmMin((() => {
	ATTR_HTTP_RESPONSE_STATUS_CODE = "http.response.status_code";
	ATTR_OTEL_COMPONENT_NAME = "otel.component.name";
	ATTR_OTEL_COMPONENT_TYPE = "otel.component.type";
	ATTR_SERVER_ADDRESS = "server.address";
	ATTR_SERVER_PORT = "server.port";
	ATTR_ERROR_TYPE = "error.type";
}));
// node_modules/@opentelemetry/otlp-exporter-base/build/esm/version.js
var VERSION;
var init_version = __esmMin((() => {
	VERSION = "0.223.0";
}));
// node_modules/@opentelemetry/otlp-exporter-base/build/esm/ExporterMetrics.js
var import_src$5, componentCounter, ExporterMetrics;
var init_ExporterMetrics = __esmMin((() => {
	init_esm$1();
	import_src$5 = require_src$6();
	init_semconv();
	init_version();
	componentCounter = /* @__PURE__ */ new Map();
	ExporterMetrics = class {
		inflight;
		exported;
		duration;
		standardAttrs;
		responseAttributesFromError;
		helper;
		constructor(options) {
			const { componentType, metricsHelper, meterProvider, url, responseAttributesFromError } = options;
			this.responseAttributesFromError = responseAttributesFromError;
			const meter = meterProvider ? meterProvider.getMeter("@opentelemetry/otlp-exporter", VERSION) : createNoopMeter();
			const counter = componentCounter.get(componentType) ?? 0;
			componentCounter.set(componentType, counter + 1);
			this.standardAttrs = {
				[ATTR_OTEL_COMPONENT_TYPE]: componentType,
				[ATTR_OTEL_COMPONENT_NAME]: `${componentType}/${counter}`
			};
			if (url) {
				let urlToParse = url;
				if (!url.includes("://")) urlToParse = `http://${url}`;
				try {
					const parsedUrl = new URL(urlToParse);
					this.standardAttrs[ATTR_SERVER_ADDRESS] = parsedUrl.hostname;
					let port = void 0;
					if (parsedUrl.port) port = Number(parsedUrl.port);
					else if (parsedUrl.protocol === "http:") port = 80;
					else if (parsedUrl.protocol === "https:") port = 443;
					if (typeof port === "number") this.standardAttrs[ATTR_SERVER_PORT] = port;
				} catch {}
			}
			this.helper = metricsHelper;
			this.inflight = meter.createUpDownCounter(`otel.sdk.exporter.${this.helper.name}.inflight`, {
				unit: `{${this.helper.name}}`,
				description: `The number of ${this.helper.name}s which were passed to the exporter, but that have not been exported yet (neither successful, nor failed).`
			});
			this.exported = meter.createCounter(`otel.sdk.exporter.${this.helper.name}.exported`, {
				unit: `{${this.helper.name}}`,
				description: `The number of ${this.helper.name}s for which the export has finished, either successful or failed.`
			});
			this.duration = meter.createHistogram("otel.sdk.exporter.operation.duration", {
				unit: "s",
				description: "The duration of exporting a batch of telemetry records.",
				advice: { explicitBucketBoundaries: [] }
			});
		}
		startExport(request) {
			const numItems = this.helper.countItems(request);
			const startTime = (0, import_src$5.hrTime)();
			this.inflight.add(numItems, this.standardAttrs);
			return (error) => {
				const endTime = (0, import_src$5.hrTime)();
				this.inflight.add(-numItems, this.standardAttrs);
				const exportedAttrs = error ? {
					...this.standardAttrs,
					[ATTR_ERROR_TYPE]: error instanceof Error ? error.name : "export_failed"
				} : this.standardAttrs;
				this.exported.add(numItems, exportedAttrs);
				const durationAttrs = {
					...exportedAttrs,
					...this.responseAttributesFromError(error)
				};
				const duration = (0, import_src$5.hrTimeToMilliseconds)((0, import_src$5.hrTimeDuration)(startTime, endTime)) / 1e3;
				this.duration.record(duration, durationAttrs);
			};
		}
	};
}));
// node_modules/@opentelemetry/otlp-exporter-base/build/esm/index.js
var esm_exports = /* @__PURE__ */ __exportAll({
	CompressionAlgorithm: () => CompressionAlgorithm,
	ExporterMetrics: () => ExporterMetrics,
	OTLPExporterBase: () => OTLPExporterBase,
	OTLPExporterError: () => OTLPExporterError,
	createOtlpNetworkExportDelegate: () => createOtlpNetworkExportDelegate,
	getSharedConfigurationDefaults: () => getSharedConfigurationDefaults,
	mergeOtlpSharedConfigurationWithDefaults: () => mergeOtlpSharedConfigurationWithDefaults
});
var init_esm = __esmMin((() => {
	init_OTLPExporterBase();
	init_types();
	init_shared_configuration();
	init_legacy_node_configuration();
	init_otlp_network_export_delegate();
	init_ExporterMetrics();
}));
// node_modules/@opentelemetry/otlp-transformer/build/src/metrics/index.js
var require_metrics$2 = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.MetricsExporterMetricsHelper = void 0;
	exports.MetricsExporterMetricsHelper = {
		name: "metric_data_point",
		countItems: (request) => {
			let count = 0;
			for (const scopeMetrics of request.scopeMetrics) for (const metric of scopeMetrics.metrics) count += metric.dataPoints.length;
			return count;
		}
	};
}));
// node_modules/@opentelemetry/otlp-transformer/build/src/trace/index.js
var require_trace$2 = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.TraceExporterMetricsHelper = void 0;
	exports.TraceExporterMetricsHelper = {
		name: "span",
		countItems: (request) => request.length
	};
}));
// node_modules/@opentelemetry/otlp-transformer/build/src/logs/index.js
var require_logs$3 = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.LogsExporterMetricsHelper = void 0;
	/**
	* @experimental this helper may receive breaking changes in minor versions, pin this package's version when using this constant
	*/
	exports.LogsExporterMetricsHelper = {
		name: "log",
		countItems: (request) => request.length
	};
}));
// node_modules/@opentelemetry/otlp-transformer/build/src/common/protobuf/utils.js
var require_utils$5 = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.estimateVarintSize = void 0;
	/**
	* Estimate size of a number encoded as varint.
	* @param v value to calculate size for
	* @returns size in bytes of the varint encoding of the value
	*/
	function estimateVarintSize(v) {
		if (v < 0) return 10;
		if (v < 128) return 1;
		if (v < 16384) return 2;
		if (v < 2097152) return 3;
		if (v < 268435456) return 4;
		if (v < 34359738368) return 5;
		if (v < 4398046511104) return 6;
		if (v < 562949953421312) return 7;
		if (v < 72057594037927940) return 8;
		return 9;
	}
	exports.estimateVarintSize = estimateVarintSize;
}));
// node_modules/@opentelemetry/otlp-transformer/build/src/common/protobuf/protobuf-writer.js
var require_protobuf_writer = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.ProtobufWriter = exports.GROWING_BUFFER_DEBUG_MESSAGE = void 0;
	const api_1 = (init_esm$1(), __toCommonJS(esm_exports$1));
	const utils_1 = require_utils$5();
	exports.GROWING_BUFFER_DEBUG_MESSAGE = "ProtobufWriter: estimated size was too small, growing buffer.";
	/**
	* bytes reserved for length in length-delimited fields
	* using 1 to assume most length-delimited fields are small
	*/
	const RESERVED_LENGTH_BYTES = 1;
	/**
	* Primitive protobuf writer, optimized to avoid small object allocations.
	* Grows buffer dynamically if initial size is exceeded.
	*/
	var ProtobufWriter = class {
		_buffer;
		_textEncoder;
		_dataView;
		pos = 0;
		constructor(estimatedSize = 65536) {
			this._buffer = new Uint8Array(estimatedSize);
			this._textEncoder = new TextEncoder();
			this._dataView = new DataView(this._buffer.buffer, this._buffer.byteOffset);
		}
		/**
		* Ensure buffer has capacity for at least size more bytes
		*/
		_ensureCapacity(size) {
			const needed = this.pos + size;
			if (needed <= this._buffer.length) return;
			api_1.diag.debug(exports.GROWING_BUFFER_DEBUG_MESSAGE);
			let newSize = this._buffer.length * 2;
			while (newSize < needed) newSize *= 2;
			const newBuffer = new Uint8Array(newSize);
			newBuffer.set(this._buffer);
			this._buffer = newBuffer;
			this._dataView = new DataView(this._buffer.buffer, this._buffer.byteOffset);
		}
		/**
		* Get the written bytes as a Uint8Array
		*/
		finish() {
			return this._buffer.subarray(0, this.pos);
		}
		/**
		* Insert placeholder for length. Update later with {@link finishLengthDelimited}
		* Returns the position where to write the length.
		*/
		startLengthDelimited() {
			const lengthPos = this.pos;
			this._ensureCapacity(RESERVED_LENGTH_BYTES);
			this.pos += RESERVED_LENGTH_BYTES;
			return lengthPos;
		}
		/**
		* Write length varint at placeholder position and shift content forward if needed.
		* Most messages are small (< 128 bytes), so we reserve 1 byte and only shift
		* when the length needs more bytes.
		*/
		finishLengthDelimited(pos, length) {
			const v = length >>> 0;
			const varintSize = (0, utils_1.estimateVarintSize)(v);
			if (varintSize > RESERVED_LENGTH_BYTES) {
				const additionalBytes = varintSize - RESERVED_LENGTH_BYTES;
				this._ensureCapacity(additionalBytes);
				this._buffer.copyWithin(pos + varintSize, pos + RESERVED_LENGTH_BYTES, this.pos);
				this.pos += additionalBytes;
			}
			let writePos = pos;
			if (v < 128) this._buffer[writePos] = v;
			else if (v < 16384) {
				this._buffer[writePos++] = v & 127 | 128;
				this._buffer[writePos] = v >>> 7;
			} else if (v < 2097152) {
				this._buffer[writePos++] = v & 127 | 128;
				this._buffer[writePos++] = v >>> 7 & 127 | 128;
				this._buffer[writePos] = v >>> 14;
			} else if (v < 268435456) {
				this._buffer[writePos++] = v & 127 | 128;
				this._buffer[writePos++] = v >>> 7 & 127 | 128;
				this._buffer[writePos++] = v >>> 14 & 127 | 128;
				this._buffer[writePos] = v >>> 21;
			} else {
				this._buffer[writePos++] = v & 127 | 128;
				this._buffer[writePos++] = v >>> 7 & 127 | 128;
				this._buffer[writePos++] = v >>> 14 & 127 | 128;
				this._buffer[writePos++] = v >>> 21 & 127 | 128;
				this._buffer[writePos] = v >>> 28;
			}
		}
		/**
		* Write a sint32 value using zigzag encoding
		*/
		writeSint32(value) {
			this.writeVarint((value << 1 ^ value >> 31) >>> 0);
		}
		/**
		* Write a signed 64-bit fixed integer (sfixed64) from a JS number.
		* Handles negative values via two's complement.
		*/
		writeSfixed64(value) {
			let low;
			let high;
			if (value >= 0) {
				low = value >>> 0;
				high = value / 4294967296 >>> 0;
			} else {
				const abs = Math.abs(value);
				low = abs >>> 0;
				high = abs / 4294967296 >>> 0;
				low = ~low >>> 0;
				high = ~high >>> 0;
				low = low + 1 >>> 0;
				if (low === 0) high = high + 1 >>> 0;
			}
			this.writeFixed64(low, high);
		}
		/**
		* Write a varint (variable-length integer)
		*/
		writeVarint(value) {
			this._ensureCapacity((0, utils_1.estimateVarintSize)(value));
			if (value >= 0 && value <= 4294967295) {
				let v = value >>> 0;
				while (v > 127) {
					this._buffer[this.pos++] = v & 127 | 128;
					v >>>= 7;
				}
				this._buffer[this.pos++] = v;
			} else {
				let low;
				let high;
				if (value >= 0) {
					low = value >>> 0;
					high = value / 4294967296 >>> 0;
				} else {
					const abs = Math.abs(value);
					low = abs >>> 0;
					high = abs / 4294967296 >>> 0;
					low = ~low >>> 0;
					high = ~high >>> 0;
					low = low + 1 >>> 0;
					if (low === 0) high = high + 1 >>> 0;
				}
				while (high > 0 || low > 127) {
					this._buffer[this.pos++] = low & 127 | 128;
					low = (low >>> 7 | high << 25) >>> 0;
					high >>>= 7;
				}
				this._buffer[this.pos++] = low & 127;
			}
		}
		/**
		* Write a 32-bit fixed integer (little-endian)
		*/
		writeFixed32(value) {
			this._ensureCapacity(4);
			const v = value >>> 0;
			this._buffer[this.pos++] = v & 255;
			this._buffer[this.pos++] = v >>> 8 & 255;
			this._buffer[this.pos++] = v >>> 16 & 255;
			this._buffer[this.pos++] = v >>> 24 & 255;
		}
		/**
		* Write a 64-bit fixed integer (little-endian)
		* @param low - Low 32 bits
		* @param high - High 32 bits
		*/
		writeFixed64(low, high) {
			this._ensureCapacity(8);
			const l = low >>> 0;
			const h = high >>> 0;
			this._buffer[this.pos++] = l & 255;
			this._buffer[this.pos++] = l >>> 8 & 255;
			this._buffer[this.pos++] = l >>> 16 & 255;
			this._buffer[this.pos++] = l >>> 24 & 255;
			this._buffer[this.pos++] = h & 255;
			this._buffer[this.pos++] = h >>> 8 & 255;
			this._buffer[this.pos++] = h >>> 16 & 255;
			this._buffer[this.pos++] = h >>> 24 & 255;
		}
		/**
		* Write length-delimited data (varint length + bytes)
		*/
		writeBytes(bytes) {
			this.writeVarint(bytes.length);
			this._ensureCapacity(bytes.length);
			this._buffer.set(bytes, this.pos);
			this.pos += bytes.length;
		}
		/**
		* Write a field key (field number + wire type)
		*/
		writeTag(fieldNumber, wireType) {
			this.writeVarint(fieldNumber << 3 | wireType);
		}
		/**
		* Write a double (64-bit IEEE 754)
		*/
		writeDouble(value) {
			this._ensureCapacity(8);
			this._dataView.setFloat64(this.pos, value, true);
			this.pos += 8;
		}
		/**
		* Write a string as UTF-8 bytes (length-delimited)
		*/
		writeString(str) {
			let isAscii = true;
			const len = str.length;
			for (let i = 0; i < len; i++) if (str.charCodeAt(i) > 127) {
				isAscii = false;
				break;
			}
			if (isAscii) {
				this.writeVarint(len);
				this._ensureCapacity(len);
				for (let i = 0; i < len; i++) this._buffer[this.pos++] = str.charCodeAt(i);
			} else {
				const bytes = this._textEncoder.encode(str);
				this.writeBytes(bytes);
			}
		}
	};
	exports.ProtobufWriter = ProtobufWriter;
}));
// node_modules/@opentelemetry/otlp-transformer/build/src/common/hex-to-binary.js
var require_hex_to_binary = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.hexToBinary = void 0;
	function intValue(charCode) {
		if (charCode >= 48 && charCode <= 57) return charCode - 48;
		if (charCode >= 97 && charCode <= 102) return charCode - 87;
		return charCode - 55;
	}
	function hexToBinary(hexStr) {
		const buf = new Uint8Array(hexStr.length / 2);
		let offset = 0;
		for (let i = 0; i < hexStr.length; i += 2) {
			const hi = intValue(hexStr.charCodeAt(i));
			const lo = intValue(hexStr.charCodeAt(i + 1));
			buf[offset++] = hi << 4 | lo;
		}
		return buf;
	}
	exports.hexToBinary = hexToBinary;
}));
// node_modules/@opentelemetry/api-logs/build/src/types/LogRecord.js
var require_LogRecord = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.SeverityNumber = void 0;
	var SeverityNumber;
	(function(SeverityNumber) {
		SeverityNumber[SeverityNumber["UNSPECIFIED"] = 0] = "UNSPECIFIED";
		SeverityNumber[SeverityNumber["TRACE"] = 1] = "TRACE";
		SeverityNumber[SeverityNumber["TRACE2"] = 2] = "TRACE2";
		SeverityNumber[SeverityNumber["TRACE3"] = 3] = "TRACE3";
		SeverityNumber[SeverityNumber["TRACE4"] = 4] = "TRACE4";
		SeverityNumber[SeverityNumber["DEBUG"] = 5] = "DEBUG";
		SeverityNumber[SeverityNumber["DEBUG2"] = 6] = "DEBUG2";
		SeverityNumber[SeverityNumber["DEBUG3"] = 7] = "DEBUG3";
		SeverityNumber[SeverityNumber["DEBUG4"] = 8] = "DEBUG4";
		SeverityNumber[SeverityNumber["INFO"] = 9] = "INFO";
		SeverityNumber[SeverityNumber["INFO2"] = 10] = "INFO2";
		SeverityNumber[SeverityNumber["INFO3"] = 11] = "INFO3";
		SeverityNumber[SeverityNumber["INFO4"] = 12] = "INFO4";
		SeverityNumber[SeverityNumber["WARN"] = 13] = "WARN";
		SeverityNumber[SeverityNumber["WARN2"] = 14] = "WARN2";
		SeverityNumber[SeverityNumber["WARN3"] = 15] = "WARN3";
		SeverityNumber[SeverityNumber["WARN4"] = 16] = "WARN4";
		SeverityNumber[SeverityNumber["ERROR"] = 17] = "ERROR";
		SeverityNumber[SeverityNumber["ERROR2"] = 18] = "ERROR2";
		SeverityNumber[SeverityNumber["ERROR3"] = 19] = "ERROR3";
		SeverityNumber[SeverityNumber["ERROR4"] = 20] = "ERROR4";
		SeverityNumber[SeverityNumber["FATAL"] = 21] = "FATAL";
		SeverityNumber[SeverityNumber["FATAL2"] = 22] = "FATAL2";
		SeverityNumber[SeverityNumber["FATAL3"] = 23] = "FATAL3";
		SeverityNumber[SeverityNumber["FATAL4"] = 24] = "FATAL4";
	})(SeverityNumber || (exports.SeverityNumber = SeverityNumber = {}));
}));
// node_modules/@opentelemetry/api-logs/build/src/NoopLogger.js
var require_NoopLogger = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.createNoopLogger = exports.NOOP_LOGGER = exports.NoopLogger = void 0;
	var NoopLogger = class {
		emit(_logRecord) {}
		enabled() {
			return false;
		}
	};
	exports.NoopLogger = NoopLogger;
	exports.NOOP_LOGGER = new NoopLogger();
	/**
	* Create a no-op Logger
	*/
	function createNoopLogger() {
		return exports.NOOP_LOGGER;
	}
	exports.createNoopLogger = createNoopLogger;
}));
// node_modules/@opentelemetry/api-logs/build/src/internal/global-utils.js
var require_global_utils = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.API_BACKWARDS_COMPATIBILITY_VERSION = exports.makeGetter = exports._global = exports.GLOBAL_LOGS_API_KEY = void 0;
	exports.GLOBAL_LOGS_API_KEY = Symbol.for("io.opentelemetry.js.api.logs");
	exports._global = globalThis;
	/**
	* Make a function which accepts a version integer and returns the instance of an API if the version
	* is compatible, or a fallback version (usually NOOP) if it is not.
	*
	* @param requiredVersion Backwards compatibility version which is required to return the instance
	* @param instance Instance which should be returned if the required version is compatible
	* @param fallback Fallback instance, usually NOOP, which will be returned if the required version is not compatible
	*/
	function makeGetter(requiredVersion, instance, fallback) {
		return (version) => version === requiredVersion ? instance : fallback;
	}
	exports.makeGetter = makeGetter;
	/**
	* A number which should be incremented each time a backwards incompatible
	* change is made to the API. This number is used when an API package
	* attempts to access the global API to ensure it is getting a compatible
	* version. If the global API is not compatible with the API package
	* attempting to get it, a NOOP API implementation will be returned.
	*/
	exports.API_BACKWARDS_COMPATIBILITY_VERSION = 1;
}));
// node_modules/@opentelemetry/api-logs/build/src/NoopLoggerProvider.js
var require_NoopLoggerProvider = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.NOOP_LOGGER_PROVIDER = exports.NoopLoggerProvider = void 0;
	const NoopLogger_1 = require_NoopLogger();
	var NoopLoggerProvider = class {
		getLogger(_name, _version, _options) {
			return new NoopLogger_1.NoopLogger();
		}
	};
	exports.NoopLoggerProvider = NoopLoggerProvider;
	exports.NOOP_LOGGER_PROVIDER = new NoopLoggerProvider();
}));
// node_modules/@opentelemetry/api-logs/build/src/ProxyLogger.js
var require_ProxyLogger = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.ProxyLogger = void 0;
	const NoopLogger_1 = require_NoopLogger();
	var ProxyLogger = class {
		constructor(provider, name, version, options) {
			this._provider = provider;
			this.name = name;
			this.version = version;
			this.options = options;
		}
		/**
		* Emit a log record. This method should only be used by log appenders.
		*
		* @param logRecord
		*/
		emit(logRecord) {
			this._getLogger().emit(logRecord);
		}
		enabled(options) {
			return this._getLogger().enabled(options);
		}
		/**
		* Try to get a logger from the proxy logger provider.
		* If the proxy logger provider has no delegate, return a noop logger.
		*/
		_getLogger() {
			if (this._delegate) return this._delegate;
			const logger = this._provider._getDelegateLogger(this.name, this.version, this.options);
			if (!logger) return NoopLogger_1.NOOP_LOGGER;
			this._delegate = logger;
			return this._delegate;
		}
	};
	exports.ProxyLogger = ProxyLogger;
}));
// node_modules/@opentelemetry/api-logs/build/src/ProxyLoggerProvider.js
var require_ProxyLoggerProvider = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.ProxyLoggerProvider = void 0;
	const NoopLoggerProvider_1 = require_NoopLoggerProvider();
	const ProxyLogger_1 = require_ProxyLogger();
	var ProxyLoggerProvider = class {
		getLogger(name, version, options) {
			var _a;
			return (_a = this._getDelegateLogger(name, version, options)) !== null && _a !== void 0 ? _a : new ProxyLogger_1.ProxyLogger(this, name, version, options);
		}
		/**
		* Get the delegate logger provider.
		* Used by tests only.
		* @internal
		*/
		_getDelegate() {
			var _a;
			return (_a = this._delegate) !== null && _a !== void 0 ? _a : NoopLoggerProvider_1.NOOP_LOGGER_PROVIDER;
		}
		/**
		* Set the delegate logger provider
		* @internal
		*/
		_setDelegate(delegate) {
			this._delegate = delegate;
		}
		/**
		* @internal
		*/
		_getDelegateLogger(name, version, options) {
			var _a;
			return (_a = this._delegate) === null || _a === void 0 ? void 0 : _a.getLogger(name, version, options);
		}
	};
	exports.ProxyLoggerProvider = ProxyLoggerProvider;
}));
// node_modules/@opentelemetry/api-logs/build/src/api/logs.js
var require_logs$2 = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.LogsAPI = void 0;
	const global_utils_1 = require_global_utils();
	const NoopLoggerProvider_1 = require_NoopLoggerProvider();
	const ProxyLoggerProvider_1 = require_ProxyLoggerProvider();
	exports.LogsAPI = class LogsAPI {
		constructor() {
			this._proxyLoggerProvider = new ProxyLoggerProvider_1.ProxyLoggerProvider();
		}
		static getInstance() {
			if (!this._instance) this._instance = new LogsAPI();
			return this._instance;
		}
		setGlobalLoggerProvider(provider) {
			if (global_utils_1._global[global_utils_1.GLOBAL_LOGS_API_KEY]) return this.getLoggerProvider();
			global_utils_1._global[global_utils_1.GLOBAL_LOGS_API_KEY] = (0, global_utils_1.makeGetter)(global_utils_1.API_BACKWARDS_COMPATIBILITY_VERSION, provider, NoopLoggerProvider_1.NOOP_LOGGER_PROVIDER);
			this._proxyLoggerProvider._setDelegate(provider);
			return provider;
		}
		/**
		* Returns the global logger provider.
		*
		* @returns LoggerProvider
		*/
		getLoggerProvider() {
			var _a, _b;
			return (_b = (_a = global_utils_1._global[global_utils_1.GLOBAL_LOGS_API_KEY]) === null || _a === void 0 ? void 0 : _a.call(global_utils_1._global, global_utils_1.API_BACKWARDS_COMPATIBILITY_VERSION)) !== null && _b !== void 0 ? _b : this._proxyLoggerProvider;
		}
		/**
		* Returns a Logger, creating one if one with the given name, version,
		* schemaUrl, and attributes is not already created.
		*
		* Getting a Logger may be expensive, especially when `attributes` are
		* provided. Reuse Logger instances where possible instead of calling
		* `getLogger()` on hot paths.
		*
		* @param name The name of the logger or instrumentation library.
		* @param version The version of the logger or instrumentation library.
		* @param options The options of the logger or instrumentation library.
		* @returns {@link Logger}
		*/
		getLogger(name, version, options) {
			return this.getLoggerProvider().getLogger(name, version, options);
		}
		/** Remove the global logger provider */
		disable() {
			delete global_utils_1._global[global_utils_1.GLOBAL_LOGS_API_KEY];
			this._proxyLoggerProvider = new ProxyLoggerProvider_1.ProxyLoggerProvider();
		}
	};
}));
// node_modules/@opentelemetry/api-logs/build/src/index.js
var require_src$5 = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.logs = exports.createNoopLogger = exports.SeverityNumber = void 0;
	var LogRecord_1 = require_LogRecord();
	Object.defineProperty(exports, "SeverityNumber", {
		enumerable: true,
		get: function() {
			return LogRecord_1.SeverityNumber;
		}
	});
	var NoopLogger_1 = require_NoopLogger();
	Object.defineProperty(exports, "createNoopLogger", {
		enumerable: true,
		get: function() {
			return NoopLogger_1.createNoopLogger;
		}
	});
	exports.logs = require_logs$2().LogsAPI.getInstance();
}));
// node_modules/@opentelemetry/otlp-transformer/build/src/common/protobuf/common-serializer.js
var require_common_serializer = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.writeResource = exports.writeInstrumentationScope = exports.writeAnyValue = exports.writeKeyValue = exports.writeAttributes = exports.writeHrTimeAsFixed64 = void 0;
	/**
	* Write HrTime [seconds, nanoseconds] directly as fixed64 to the serializer.
	* Converts to nanoseconds and writes as 64-bit little-endian integer without allocations.
	*
	* HrTime represents: total_nanos = seconds * 1_000_000_000 + nanoseconds
	* We need to split this into low (bits 0-31) and high (bits 32-63).
	*
	* @param serializer - The protobuf writer
	* @param hrTime - HrTime tuple [seconds, nanoseconds]
	*/
	function writeHrTimeAsFixed64(serializer, hrTime) {
		const seconds = hrTime[0];
		const nanos = hrTime[1];
		const nanosPerSecond = 1e9;
		const secondsLower16Bits = seconds & 65535;
		const secondsUpperBits = seconds / 65536 >>> 0;
		const nanosFromLower16Bits = secondsLower16Bits * nanosPerSecond;
		const nanosFromUpperBits = secondsUpperBits * nanosPerSecond;
		const lower16ContributionLow32 = nanosFromLower16Bits >>> 0;
		const lower16ContributionHigh32 = Math.floor(nanosFromLower16Bits / 4294967296);
		const upperBitsContributionLow32 = (nanosFromUpperBits & 65535) * 65536 >>> 0;
		const upperBitsContributionHigh32 = nanosFromUpperBits / 65536 >>> 0;
		const low32WithCarry = lower16ContributionLow32 + upperBitsContributionLow32 + nanos;
		const totalLow = low32WithCarry >>> 0;
		const carry = Math.floor(low32WithCarry / 4294967296);
		const totalHigh = lower16ContributionHigh32 + upperBitsContributionHigh32 + carry >>> 0;
		serializer.writeFixed64(totalLow, totalHigh);
	}
	exports.writeHrTimeAsFixed64 = writeHrTimeAsFixed64;
	/**
	* Write Attributes directly to protobuf as repeated KeyValue
	*/
	function writeAttributes(writer, attributes, fieldNumber) {
		for (const key in attributes) {
			if (!Object.prototype.hasOwnProperty.call(attributes, key)) continue;
			const value = attributes[key];
			writer.writeTag(fieldNumber, 2);
			const kvStart = writer.startLengthDelimited();
			const startPos = writer.pos;
			writeKeyValue(writer, key, value);
			writer.finishLengthDelimited(kvStart, writer.pos - startPos);
		}
	}
	exports.writeAttributes = writeAttributes;
	/**
	* Write a KeyValue pair directly to protobuf
	*/
	function writeKeyValue(writer, key, value) {
		writer.writeTag(1, 2);
		writer.writeString(key);
		writer.writeTag(2, 2);
		const valueStart = writer.startLengthDelimited();
		const startPos = writer.pos;
		writeAnyValue(writer, value);
		writer.finishLengthDelimited(valueStart, writer.pos - startPos);
	}
	exports.writeKeyValue = writeKeyValue;
	const MIN_64_BIT_INT = -(2 ** 63);
	const MAX_64_BIT_INT = 2 ** 63;
	/**
	* Write an AnyValue directly from raw attribute value to protobuf
	*/
	function writeAnyValue(writer, value) {
		const t = typeof value;
		if (t === "string") {
			writer.writeTag(1, 2);
			writer.writeString(value);
		} else if (t === "boolean") {
			writer.writeTag(2, 0);
			writer.writeVarint(value ? 1 : 0);
		} else if (t === "number") {
			const numValue = value;
			if (Number.isInteger(numValue) && numValue >= MIN_64_BIT_INT && numValue < MAX_64_BIT_INT) {
				writer.writeTag(3, 0);
				writer.writeVarint(numValue);
			} else {
				writer.writeTag(4, 1);
				writer.writeDouble(numValue);
			}
		} else if (value instanceof Uint8Array) {
			writer.writeTag(7, 2);
			writer.writeBytes(value);
		} else if (Array.isArray(value)) {
			writer.writeTag(5, 2);
			const arrayStart = writer.startLengthDelimited();
			const arrayStartPos = writer.pos;
			for (const item of value) {
				writer.writeTag(1, 2);
				const itemStart = writer.startLengthDelimited();
				const itemStartPos = writer.pos;
				writeAnyValue(writer, item);
				writer.finishLengthDelimited(itemStart, writer.pos - itemStartPos);
			}
			writer.finishLengthDelimited(arrayStart, writer.pos - arrayStartPos);
		} else if (t === "object" && value != null) {
			writer.writeTag(6, 2);
			const kvlistStart = writer.startLengthDelimited();
			const kvlistStartPos = writer.pos;
			const obj = value;
			for (const k in obj) {
				if (!Object.prototype.hasOwnProperty.call(obj, k)) continue;
				const v = obj[k];
				writer.writeTag(1, 2);
				const kvStart = writer.startLengthDelimited();
				const kvStartPos = writer.pos;
				writer.writeTag(1, 2);
				writer.writeString(k);
				writer.writeTag(2, 2);
				const valueStart = writer.startLengthDelimited();
				const valueStartPos = writer.pos;
				writeAnyValue(writer, v);
				writer.finishLengthDelimited(valueStart, writer.pos - valueStartPos);
				writer.finishLengthDelimited(kvStart, writer.pos - kvStartPos);
			}
			writer.finishLengthDelimited(kvlistStart, writer.pos - kvlistStartPos);
		}
	}
	exports.writeAnyValue = writeAnyValue;
	/**
	* Write an InstrumentationScope message.
	*
	* Proto fields (InstrumentationScope):
	*   1  name     string  (wire type 2)
	*   2  version  string  (wire type 2)
	*/
	function writeInstrumentationScope(writer, scope, fieldNumber) {
		writer.writeTag(fieldNumber, 2);
		const start = writer.startLengthDelimited();
		const startPos = writer.pos;
		writer.writeTag(1, 2);
		writer.writeString(scope.name);
		if (scope.version) {
			writer.writeTag(2, 2);
			writer.writeString(scope.version);
		}
		if (scope.attributes) writeAttributes(writer, scope.attributes, 3);
		if (scope.droppedAttributesCount) {
			writer.writeTag(4, 0);
			writer.writeVarint(scope.droppedAttributesCount);
		}
		writer.finishLengthDelimited(start, writer.pos - startPos);
	}
	exports.writeInstrumentationScope = writeInstrumentationScope;
	/**
	* Write a Resource message and its enclosing tag.
	*
	* Proto fields (Resource):
	*   1  attributes                repeated KeyValue  (wire type 2)
	*   2  dropped_attributes_count  uint32             (wire type 0)
	*/
	function writeResource(writer, resource, fieldNumber) {
		writer.writeTag(fieldNumber, 2);
		const resourceStart = writer.startLengthDelimited();
		const resourceStartPos = writer.pos;
		if (resource.attributes) writeAttributes(writer, resource.attributes, 1);
		writer.writeTag(2, 0);
		writer.writeVarint(0);
		writer.finishLengthDelimited(resourceStart, writer.pos - resourceStartPos);
	}
	exports.writeResource = writeResource;
}));
// node_modules/@opentelemetry/otlp-transformer/build/src/common/protobuf/protobuf-size-estimator.js
var require_protobuf_size_estimator = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.ProtobufSizeEstimator = void 0;
	const utils_1 = require_utils$5();
	/**
	* Calculate UTF-8 byte length without encoding
	* @param str valid UTF-16 string
	*/
	function utf8ByteLength(str) {
		const len = str.length;
		let byteLen = 0;
		for (let i = 0; i < len; i++) {
			const code = str.charCodeAt(i);
			if (code < 128) byteLen += 1;
			else if (code < 2048) byteLen += 2;
			else if (code < 55296 || code >= 57344) byteLen += 3;
			else {
				i++;
				byteLen += 4;
			}
		}
		return byteLen;
	}
	/**
	* Size estimator for protobuf messages.
	* Implements the same interface as ProtobufWriter but only counts bytes without allocating a buffer.
	* @internal
	*/
	var ProtobufSizeEstimator = class {
		pos = 0;
		startLengthDelimited() {
			return this.pos;
		}
		finishLengthDelimited(_, length) {
			this.pos += (0, utils_1.estimateVarintSize)(length);
		}
		writeVarint(value) {
			this.pos += (0, utils_1.estimateVarintSize)(value);
		}
		writeSint32(value) {
			this.pos += (0, utils_1.estimateVarintSize)((value << 1 ^ value >> 31) >>> 0);
		}
		writeSfixed64(_value) {
			this.pos += 8;
		}
		writeFixed32(_value) {
			this.pos += 4;
		}
		writeFixed64(_low, _high) {
			this.pos += 8;
		}
		writeBytes(bytes) {
			this.pos += (0, utils_1.estimateVarintSize)(bytes.length);
			this.pos += bytes.length;
		}
		writeTag(fieldNumber, wireType) {
			this.writeVarint(fieldNumber << 3 | wireType);
		}
		writeDouble(_value) {
			this.pos += 8;
		}
		writeString(str) {
			const byteLen = utf8ByteLength(str);
			this.pos += (0, utils_1.estimateVarintSize)(byteLen);
			this.pos += byteLen;
		}
	};
	exports.ProtobufSizeEstimator = ProtobufSizeEstimator;
}));
// node_modules/@opentelemetry/otlp-transformer/build/src/logs/protobuf/logs-serializer.js
var require_logs_serializer = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.serializeLogsExportRequest = void 0;
	const protobuf_writer_1 = require_protobuf_writer();
	const hex_to_binary_1 = require_hex_to_binary();
	const api_logs_1 = require_src$5();
	const common_serializer_1 = require_common_serializer();
	const protobuf_size_estimator_1 = require_protobuf_size_estimator();
	/**
	* Serialize a single LogRecord directly from ReadableLogRecord
	*/
	function serializeLogRecord(writer, logRecord) {
		const logStart = writer.startLengthDelimited();
		const logStartPos = writer.pos;
		writer.writeTag(1, 1);
		(0, common_serializer_1.writeHrTimeAsFixed64)(writer, logRecord.hrTime);
		if (logRecord.severityNumber !== void 0 && logRecord.severityNumber !== api_logs_1.SeverityNumber.UNSPECIFIED) {
			writer.writeTag(2, 0);
			writer.writeVarint(logRecord.severityNumber);
		}
		if (logRecord.severityText) {
			writer.writeTag(3, 2);
			writer.writeString(logRecord.severityText);
		}
		if (logRecord.body !== void 0) {
			writer.writeTag(5, 2);
			const bodyStart = writer.startLengthDelimited();
			const bodyStartPos = writer.pos;
			(0, common_serializer_1.writeAnyValue)(writer, logRecord.body);
			writer.finishLengthDelimited(bodyStart, writer.pos - bodyStartPos);
		}
		if (logRecord.attributes) (0, common_serializer_1.writeAttributes)(writer, logRecord.attributes, 6);
		writer.writeTag(7, 0);
		writer.writeVarint(logRecord.droppedAttributesCount);
		if (logRecord.spanContext?.traceFlags) {
			writer.writeTag(8, 5);
			writer.writeFixed32(logRecord.spanContext.traceFlags);
		}
		if (logRecord.spanContext?.traceId) {
			writer.writeTag(9, 2);
			writer.writeBytes((0, hex_to_binary_1.hexToBinary)(logRecord.spanContext.traceId));
		}
		if (logRecord.spanContext?.spanId) {
			writer.writeTag(10, 2);
			writer.writeBytes((0, hex_to_binary_1.hexToBinary)(logRecord.spanContext.spanId));
		}
		writer.writeTag(11, 1);
		(0, common_serializer_1.writeHrTimeAsFixed64)(writer, logRecord.hrTimeObserved);
		if (logRecord.eventName) {
			writer.writeTag(12, 2);
			writer.writeString(logRecord.eventName);
		}
		writer.finishLengthDelimited(logStart, writer.pos - logStartPos);
	}
	/**
	* Serialize ScopeLogs directly from SDK types
	*/
	function serializeScopeLogs(writer, scope, logRecords) {
		const scopeLogsStart = writer.startLengthDelimited();
		const scopeLogsStartPos = writer.pos;
		(0, common_serializer_1.writeInstrumentationScope)(writer, scope, 1);
		for (const logRecord of logRecords) {
			writer.writeTag(2, 2);
			serializeLogRecord(writer, logRecord);
		}
		if (scope.schemaUrl) {
			writer.writeTag(3, 2);
			writer.writeString(scope.schemaUrl);
		}
		writer.finishLengthDelimited(scopeLogsStart, writer.pos - scopeLogsStartPos);
	}
	/**
	* Serialize ResourceLogs directly from SDK Resource type
	*/
	function serializeResourceLogs(writer, resource, scopeMap) {
		const resourceLogsStart = writer.startLengthDelimited();
		const resourceLogsStartPos = writer.pos;
		(0, common_serializer_1.writeResource)(writer, resource, 1);
		for (const scopeLogs of scopeMap.values()) {
			writer.writeTag(2, 2);
			const scope = scopeLogs[0].instrumentationScope;
			serializeScopeLogs(writer, scope, scopeLogs);
		}
		if (resource.schemaUrl) {
			writer.writeTag(3, 2);
			writer.writeString(resource.schemaUrl);
		}
		writer.finishLengthDelimited(resourceLogsStart, writer.pos - resourceLogsStartPos);
	}
	/**
	* Group log records by resource and instrumentation scope
	*/
	function createResourceMap(logRecords) {
		const resourceMap = /* @__PURE__ */ new Map();
		for (const record of logRecords) {
			const resource = record.resource;
			const scope = record.instrumentationScope;
			let ismMap = resourceMap.get(resource);
			if (!ismMap) {
				ismMap = /* @__PURE__ */ new Map();
				resourceMap.set(resource, ismMap);
			}
			let records = ismMap.get(scope);
			if (!records) {
				records = [];
				ismMap.set(scope, records);
			}
			records.push(record);
		}
		return resourceMap;
	}
	/**
	* Serialize ExportLogsServiceRequest directly from ReadableLogRecord[]
	*/
	function serializeLogsExportRequest(logRecords) {
		const resourceMap = createResourceMap(logRecords);
		const estimator = new protobuf_size_estimator_1.ProtobufSizeEstimator();
		for (const [resource, scopeMap] of resourceMap) {
			estimator.writeTag(1, 2);
			serializeResourceLogs(estimator, resource, scopeMap);
		}
		const writer = new protobuf_writer_1.ProtobufWriter(estimator.pos);
		for (const [resource, scopeMap] of resourceMap) {
			writer.writeTag(1, 2);
			serializeResourceLogs(writer, resource, scopeMap);
		}
		return writer.finish();
	}
	exports.serializeLogsExportRequest = serializeLogsExportRequest;
}));
// node_modules/@opentelemetry/otlp-transformer/build/src/common/protobuf/protobuf-reader.js
var require_protobuf_reader = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.ProtobufReader = void 0;
	/**
	* Minimal binary protobuf reader.
	* Only implements the wire-types that we currently need; this is not intended
	* to be a general-purpose protobuf reader.
	*
	* Since the values we parse are generally small and not very nested, it's public
	* interface does not enforce the same low-allocation philosophy that ProtobufWriter does.
	* If this is needed in the future, we should refactor this to fit the use-case.
	*/
	var ProtobufReader = class {
		pos = 0;
		_buf;
		_textDecoder;
		constructor(buf) {
			this._buf = buf;
			this._textDecoder = new TextDecoder();
		}
		isAtEnd() {
			return this.pos >= this._buf.length;
		}
		/** Read a varint and decode it as a tag, returning field number and wire type. */
		readTag() {
			const raw = this.readVarint();
			return {
				fieldNumber: raw >>> 3,
				wireType: raw & 7
			};
		}
		/**
		* Read a base-128 varint.
		* Returns a JS `number`; precision above 2^53 is silently lost.
		* Throws if the buffer is truncated mid-varint.
		*/
		readVarint() {
			let result = 0;
			let shift = 0;
			let terminated = false;
			while (this.pos < this._buf.length) {
				const b = this._buf[this.pos++];
				result += (b & 127) * Math.pow(2, shift);
				shift += 7;
				if ((b & 128) === 0) {
					terminated = true;
					break;
				}
			}
			if (!terminated) throw new Error("Truncated buffer: unexpected end of data while reading varint");
			return result;
		}
		/** Read a length-delimited byte sequence (bytes field or embedded message). */
		readBytes() {
			const len = this.readVarint();
			if (this.pos + len > this._buf.length) throw new Error(`Truncated buffer: expected ${len} bytes at position ${this.pos}, but only ${this._buf.length - this.pos} available`);
			const slice = this._buf.subarray(this.pos, this.pos + len);
			this.pos += len;
			return slice;
		}
		/** Read a length-delimited UTF-8 string. */
		readString() {
			return this._textDecoder.decode(this.readBytes());
		}
		/**
		* Skip an unknown field.
		* Handles wire types 0 (varint), 1 (64-bit), 2 (length-delimited),
		* and 5 (32-bit).
		*
		* Wire types 3 and 4 (start-group / end-group) are deprecated in proto3
		* and are not used by any OpenTelemetry proto definition. Encountering
		* them is treated as an error.
		*/
		skip(wireType) {
			switch (wireType) {
				case 0:
					this.readVarint();
					break;
				case 1:
					this.pos += 8;
					break;
				case 2:
					this.readBytes();
					break;
				case 5:
					this.pos += 4;
					break;
				default: throw new Error(`Unknown wire type ${wireType}, cannot safely skip`);
			}
		}
	};
	exports.ProtobufReader = ProtobufReader;
}));
// node_modules/@opentelemetry/otlp-transformer/build/src/logs/protobuf/response-deserializer.js
var require_response_deserializer$2 = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.deserializeExportLogsServiceResponse = void 0;
	const protobuf_reader_1 = require_protobuf_reader();
	/**
	* Parse an ExportLogsPartialSuccess embedded message from raw bytes.
	*
	* Field map (opentelemetry/proto/collector/logs/v1/logs_service.proto):
	*   1  rejected_log_records  int64   (varint)
	*   2  error_message         string  (length-delimited)
	*/
	function deserializePartialSuccess(data) {
		const reader = new protobuf_reader_1.ProtobufReader(data);
		const result = {};
		while (!reader.isAtEnd()) {
			const { fieldNumber, wireType } = reader.readTag();
			switch (fieldNumber) {
				case 1:
					if (wireType === 0) result.rejectedLogRecords = reader.readVarint();
					else reader.skip(wireType);
					break;
				case 2:
					if (wireType === 2) result.errorMessage = reader.readString();
					else reader.skip(wireType);
					break;
				default: reader.skip(wireType);
			}
		}
		return result;
	}
	/**
	* Parse an ExportLogsServiceResponse protobuf message from raw bytes.
	*
	* Field map (opentelemetry/proto/collector/logs/v1/logs_service.proto):
	*   1  partial_success  ExportLogsPartialSuccess  (length-delimited)
	*/
	function deserializeExportLogsServiceResponse(data) {
		const reader = new protobuf_reader_1.ProtobufReader(data);
		const result = {};
		while (!reader.isAtEnd()) {
			const { fieldNumber, wireType } = reader.readTag();
			switch (fieldNumber) {
				case 1:
					if (wireType === 2) result.partialSuccess = deserializePartialSuccess(reader.readBytes());
					else reader.skip(wireType);
					break;
				default: reader.skip(wireType);
			}
		}
		return result;
	}
	exports.deserializeExportLogsServiceResponse = deserializeExportLogsServiceResponse;
}));
// node_modules/@opentelemetry/otlp-transformer/build/src/logs/protobuf/logs.js
var require_logs$1 = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.ProtobufLogsSerializer = void 0;
	const logs_serializer_1 = require_logs_serializer();
	const response_deserializer_1 = require_response_deserializer$2();
	/**
	* @experimental this serializer may receive breaking changes in minor versions, pin this package's version when using this constant
	*/
	exports.ProtobufLogsSerializer = {
		serializeRequest: (arg) => {
			return (0, logs_serializer_1.serializeLogsExportRequest)(arg);
		},
		deserializeResponse: (arg) => {
			return (0, response_deserializer_1.deserializeExportLogsServiceResponse)(arg);
		}
	};
}));
// node_modules/@opentelemetry/otlp-transformer/build/src/logs/protobuf/index.js
var require_protobuf$2 = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.ProtobufLogsSerializer = void 0;
	var logs_1 = require_logs$1();
	Object.defineProperty(exports, "ProtobufLogsSerializer", {
		enumerable: true,
		get: function() {
			return logs_1.ProtobufLogsSerializer;
		}
	});
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/export/AggregationTemporality.js
var require_AggregationTemporality = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.AggregationTemporality = void 0;
	/**
	* AggregationTemporality indicates the way additive quantities are expressed.
	*/
	var AggregationTemporality;
	(function(AggregationTemporality) {
		AggregationTemporality[AggregationTemporality["DELTA"] = 0] = "DELTA";
		AggregationTemporality[AggregationTemporality["CUMULATIVE"] = 1] = "CUMULATIVE";
	})(AggregationTemporality || (exports.AggregationTemporality = AggregationTemporality = {}));
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/export/MetricData.js
var require_MetricData = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.DataPointType = exports.InstrumentType = void 0;
	/**
	* Supported types of metric instruments.
	*/
	var InstrumentType;
	(function(InstrumentType) {
		InstrumentType["COUNTER"] = "COUNTER";
		InstrumentType["GAUGE"] = "GAUGE";
		InstrumentType["HISTOGRAM"] = "HISTOGRAM";
		InstrumentType["UP_DOWN_COUNTER"] = "UP_DOWN_COUNTER";
		InstrumentType["OBSERVABLE_COUNTER"] = "OBSERVABLE_COUNTER";
		InstrumentType["OBSERVABLE_GAUGE"] = "OBSERVABLE_GAUGE";
		InstrumentType["OBSERVABLE_UP_DOWN_COUNTER"] = "OBSERVABLE_UP_DOWN_COUNTER";
	})(InstrumentType || (exports.InstrumentType = InstrumentType = {}));
	/**
	* The aggregated point data type.
	*/
	var DataPointType;
	(function(DataPointType) {
		/**
		* A histogram data point contains a histogram statistics of collected
		* values with a list of explicit bucket boundaries and statistics such
		* as min, max, count, and sum of all collected values.
		*/
		DataPointType[DataPointType["HISTOGRAM"] = 0] = "HISTOGRAM";
		/**
		* An exponential histogram data point contains a histogram statistics of
		* collected values where bucket boundaries are automatically calculated
		* using an exponential function, and statistics such as min, max, count,
		* and sum of all collected values.
		*/
		DataPointType[DataPointType["EXPONENTIAL_HISTOGRAM"] = 1] = "EXPONENTIAL_HISTOGRAM";
		/**
		* A gauge metric data point has only a single numeric value.
		*/
		DataPointType[DataPointType["GAUGE"] = 2] = "GAUGE";
		/**
		* A sum metric data point has a single numeric value and a
		* monotonicity-indicator.
		*/
		DataPointType[DataPointType["SUM"] = 3] = "SUM";
	})(DataPointType || (exports.DataPointType = DataPointType = {}));
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/utils.js
var require_utils$4 = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.equalsCaseInsensitive = exports.binarySearchUB = exports.setEquals = exports.callWithTimeout = exports.TimeoutError = exports.instrumentationScopeId = exports.hashAttributes = void 0;
	/**
	* Converting the unordered attributes into unique identifier string.
	* @param attributes user provided unordered Attributes.
	*/
	function hashAttributes(attributes) {
		let keys = Object.keys(attributes);
		if (keys.length === 0) return "";
		keys = keys.sort();
		return JSON.stringify(keys.map((key) => [key, attributes[key]]));
	}
	exports.hashAttributes = hashAttributes;
	/**
	* Converting the instrumentation scope object to a unique identifier string.
	* @param instrumentationScope
	*/
	function instrumentationScopeId(instrumentationScope) {
		return `${instrumentationScope.name}:${instrumentationScope.version ?? ""}:${instrumentationScope.schemaUrl ?? ""}`;
	}
	exports.instrumentationScopeId = instrumentationScopeId;
	/**
	* Error that is thrown on timeouts.
	*/
	var TimeoutError = class TimeoutError extends Error {
		constructor(message) {
			super(message);
			Object.setPrototypeOf(this, TimeoutError.prototype);
		}
	};
	exports.TimeoutError = TimeoutError;
	/**
	* Adds a timeout to a promise and rejects if the specified timeout has elapsed. Also rejects if the specified promise
	* rejects, and resolves if the specified promise resolves.
	*
	* <p> NOTE: this operation will continue even after it throws a {@link TimeoutError}.
	*
	* @param promise promise to use with timeout.
	* @param timeout the timeout in milliseconds until the returned promise is rejected.
	*/
	function callWithTimeout(promise, timeout) {
		let timeoutHandle;
		const timeoutPromise = new Promise(function timeoutFunction(_resolve, reject) {
			timeoutHandle = setTimeout(function timeoutHandler() {
				reject(new TimeoutError("Operation timed out."));
			}, timeout);
		});
		return Promise.race([promise, timeoutPromise]).then((result) => {
			clearTimeout(timeoutHandle);
			return result;
		}, (reason) => {
			clearTimeout(timeoutHandle);
			throw reason;
		});
	}
	exports.callWithTimeout = callWithTimeout;
	function setEquals(lhs, rhs) {
		if (lhs.size !== rhs.size) return false;
		for (const item of lhs) if (!rhs.has(item)) return false;
		return true;
	}
	exports.setEquals = setEquals;
	/**
	* Binary search the sorted array to the find upper bound for the value.
	* @param arr
	* @param value
	* @returns
	*/
	function binarySearchUB(arr, value) {
		let lo = 0;
		let hi = arr.length - 1;
		let ret = arr.length;
		while (hi >= lo) {
			const mid = lo + Math.trunc((hi - lo) / 2);
			if (arr[mid] < value) lo = mid + 1;
			else {
				ret = mid;
				hi = mid - 1;
			}
		}
		return ret;
	}
	exports.binarySearchUB = binarySearchUB;
	function equalsCaseInsensitive(lhs, rhs) {
		return lhs.toLowerCase() === rhs.toLowerCase();
	}
	exports.equalsCaseInsensitive = equalsCaseInsensitive;
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/aggregator/types.js
var require_types$1 = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.AggregatorKind = void 0;
	/** The kind of aggregator. */
	var AggregatorKind;
	(function(AggregatorKind) {
		AggregatorKind[AggregatorKind["DROP"] = 0] = "DROP";
		AggregatorKind[AggregatorKind["SUM"] = 1] = "SUM";
		AggregatorKind[AggregatorKind["LAST_VALUE"] = 2] = "LAST_VALUE";
		AggregatorKind[AggregatorKind["HISTOGRAM"] = 3] = "HISTOGRAM";
		AggregatorKind[AggregatorKind["EXPONENTIAL_HISTOGRAM"] = 4] = "EXPONENTIAL_HISTOGRAM";
	})(AggregatorKind || (exports.AggregatorKind = AggregatorKind = {}));
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/aggregator/Drop.js
var require_Drop = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.DropAggregator = void 0;
	const types_1 = require_types$1();
	/** Basic aggregator for None which keeps no recorded value. */
	var DropAggregator = class {
		kind = types_1.AggregatorKind.DROP;
		createAccumulation() {}
		merge(_previous, _delta) {}
		diff(_previous, _current) {}
		toMetricData(_descriptor, _aggregationTemporality, _accumulationByAttributes, _endTime) {}
	};
	exports.DropAggregator = DropAggregator;
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/aggregator/Histogram.js
var require_Histogram = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.HistogramAggregator = exports.HistogramAccumulation = void 0;
	const types_1 = require_types$1();
	const MetricData_1 = require_MetricData();
	const utils_1 = require_utils$4();
	function createNewEmptyCheckpoint(boundaries) {
		const counts = boundaries.map(() => 0);
		counts.push(0);
		return {
			buckets: {
				boundaries,
				counts
			},
			sum: 0,
			count: 0,
			hasMinMax: false,
			min: Infinity,
			max: -Infinity
		};
	}
	var HistogramAccumulation = class {
		startTime;
		_boundaries;
		_recordMinMax;
		_current;
		constructor(startTime, boundaries, recordMinMax = true, current = createNewEmptyCheckpoint(boundaries)) {
			this.startTime = startTime;
			this._boundaries = boundaries;
			this._recordMinMax = recordMinMax;
			this._current = current;
		}
		record(value) {
			if (Number.isNaN(value)) return;
			this._current.count += 1;
			this._current.sum += value;
			if (this._recordMinMax) {
				this._current.min = Math.min(value, this._current.min);
				this._current.max = Math.max(value, this._current.max);
				this._current.hasMinMax = true;
			}
			const idx = (0, utils_1.binarySearchUB)(this._boundaries, value);
			this._current.buckets.counts[idx] += 1;
		}
		setStartTime(startTime) {
			this.startTime = startTime;
		}
		toPointValue() {
			return this._current;
		}
	};
	exports.HistogramAccumulation = HistogramAccumulation;
	/**
	* Basic aggregator which observes events and counts them in pre-defined buckets
	* and provides the total sum and count of all observations.
	*/
	var HistogramAggregator = class {
		kind = types_1.AggregatorKind.HISTOGRAM;
		_boundaries;
		_recordMinMax;
		/**
		* @param _boundaries sorted upper bounds of recorded values.
		* @param _recordMinMax If set to true, min and max will be recorded. Otherwise, min and max will not be recorded.
		*/
		constructor(boundaries, recordMinMax) {
			this._boundaries = boundaries;
			this._recordMinMax = recordMinMax;
		}
		createAccumulation(startTime) {
			return new HistogramAccumulation(startTime, this._boundaries, this._recordMinMax);
		}
		/**
		* Return the result of the merge of two histogram accumulations. As long as one Aggregator
		* instance produces all Accumulations with constant boundaries we don't need to worry about
		* merging accumulations with different boundaries.
		*/
		merge(previous, delta) {
			const previousValue = previous.toPointValue();
			const deltaValue = delta.toPointValue();
			const previousCounts = previousValue.buckets.counts;
			const deltaCounts = deltaValue.buckets.counts;
			const mergedCounts = new Array(previousCounts.length);
			for (let idx = 0; idx < previousCounts.length; idx++) mergedCounts[idx] = previousCounts[idx] + deltaCounts[idx];
			let min = Infinity;
			let max = -Infinity;
			if (this._recordMinMax) {
				if (previousValue.hasMinMax && deltaValue.hasMinMax) {
					min = Math.min(previousValue.min, deltaValue.min);
					max = Math.max(previousValue.max, deltaValue.max);
				} else if (previousValue.hasMinMax) {
					min = previousValue.min;
					max = previousValue.max;
				} else if (deltaValue.hasMinMax) {
					min = deltaValue.min;
					max = deltaValue.max;
				}
			}
			return new HistogramAccumulation(previous.startTime, previousValue.buckets.boundaries, this._recordMinMax, {
				buckets: {
					boundaries: previousValue.buckets.boundaries,
					counts: mergedCounts
				},
				count: previousValue.count + deltaValue.count,
				sum: previousValue.sum + deltaValue.sum,
				hasMinMax: this._recordMinMax && (previousValue.hasMinMax || deltaValue.hasMinMax),
				min,
				max
			});
		}
		/**
		* Returns a new DELTA aggregation by comparing two cumulative measurements.
		*/
		diff(previous, current) {
			const previousValue = previous.toPointValue();
			const currentValue = current.toPointValue();
			const previousCounts = previousValue.buckets.counts;
			const currentCounts = currentValue.buckets.counts;
			const diffedCounts = new Array(previousCounts.length);
			for (let idx = 0; idx < previousCounts.length; idx++) diffedCounts[idx] = currentCounts[idx] - previousCounts[idx];
			return new HistogramAccumulation(current.startTime, previousValue.buckets.boundaries, this._recordMinMax, {
				buckets: {
					boundaries: previousValue.buckets.boundaries,
					counts: diffedCounts
				},
				count: currentValue.count - previousValue.count,
				sum: currentValue.sum - previousValue.sum,
				hasMinMax: false,
				min: Infinity,
				max: -Infinity
			});
		}
		toMetricData(descriptor, aggregationTemporality, accumulationByAttributes, endTime) {
			return {
				descriptor,
				aggregationTemporality,
				dataPointType: MetricData_1.DataPointType.HISTOGRAM,
				dataPoints: accumulationByAttributes.map(([attributes, accumulation]) => {
					const pointValue = accumulation.toPointValue();
					const allowsNegativeValues = descriptor.type === MetricData_1.InstrumentType.GAUGE || descriptor.type === MetricData_1.InstrumentType.UP_DOWN_COUNTER || descriptor.type === MetricData_1.InstrumentType.OBSERVABLE_GAUGE || descriptor.type === MetricData_1.InstrumentType.OBSERVABLE_UP_DOWN_COUNTER;
					return {
						attributes,
						startTime: accumulation.startTime,
						endTime,
						value: {
							min: pointValue.hasMinMax ? pointValue.min : void 0,
							max: pointValue.hasMinMax ? pointValue.max : void 0,
							sum: !allowsNegativeValues ? pointValue.sum : void 0,
							buckets: pointValue.buckets,
							count: pointValue.count
						}
					};
				})
			};
		}
	};
	exports.HistogramAggregator = HistogramAggregator;
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/aggregator/exponential-histogram/Buckets.js
var require_Buckets = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.Buckets = void 0;
	exports.Buckets = class Buckets {
		backing;
		indexBase;
		indexStart;
		indexEnd;
		/**
		* The term index refers to the number of the exponential histogram bucket
		* used to determine its boundaries. The lower boundary of a bucket is
		* determined by base ** index and the upper boundary of a bucket is
		* determined by base ** (index + 1). index values are signed to account
		* for values less than or equal to 1.
		*
		* indexBase is the index of the 0th position in the
		* backing array, i.e., backing[0] is the count
		* in the bucket with index `indexBase`.
		*
		* indexStart is the smallest index value represented
		* in the backing array.
		*
		* indexEnd is the largest index value represented in
		* the backing array.
		*/
		constructor(backing = new BucketsBacking(), indexBase = 0, indexStart = 0, indexEnd = 0) {
			this.backing = backing;
			this.indexBase = indexBase;
			this.indexStart = indexStart;
			this.indexEnd = indexEnd;
		}
		/**
		* Offset is the bucket index of the smallest entry in the counts array
		* @returns {number}
		*/
		get offset() {
			return this.indexStart;
		}
		/**
		* Buckets is a view into the backing array.
		* @returns {number}
		*/
		get length() {
			if (this.backing.length === 0) return 0;
			if (this.indexEnd === this.indexStart && this.at(0) === 0) return 0;
			return this.indexEnd - this.indexStart + 1;
		}
		/**
		* An array of counts, where count[i] carries the count
		* of the bucket at index (offset+i).  count[i] is the count of
		* values greater than base^(offset+i) and less than or equal to
		* base^(offset+i+1).
		* @returns {number} The logical counts based on the backing array
		*/
		counts() {
			return Array.from({ length: this.length }, (_, i) => this.at(i));
		}
		/**
		* At returns the count of the bucket at a position in the logical
		* array of counts.
		* @param position
		* @returns {number}
		*/
		at(position) {
			const bias = this.indexBase - this.indexStart;
			if (position < bias) position += this.backing.length;
			position -= bias;
			return this.backing.countAt(position);
		}
		/**
		* incrementBucket increments the backing array index by `increment`
		* @param bucketIndex
		* @param increment
		*/
		incrementBucket(bucketIndex, increment) {
			this.backing.increment(bucketIndex, increment);
		}
		/**
		* decrementBucket decrements the backing array index by `decrement`
		* if decrement is greater than the current value, it's set to 0.
		* @param bucketIndex
		* @param decrement
		*/
		decrementBucket(bucketIndex, decrement) {
			this.backing.decrement(bucketIndex, decrement);
		}
		/**
		* trim removes leading and / or trailing zero buckets (which can occur
		* after diffing two histos) and rotates the backing array so that the
		* smallest non-zero index is in the 0th position of the backing array
		*/
		trim() {
			for (let i = 0; i < this.length; i++) if (this.at(i) !== 0) {
				this.indexStart += i;
				break;
			} else if (i === this.length - 1) {
				this.indexStart = this.indexEnd = this.indexBase = 0;
				return;
			}
			for (let i = this.length - 1; i >= 0; i--) if (this.at(i) !== 0) {
				this.indexEnd -= this.length - i - 1;
				break;
			}
			this._rotate();
		}
		/**
		* downscale first rotates, then collapses 2**`by`-to-1 buckets.
		* @param by
		*/
		downscale(by) {
			this._rotate();
			const size = 1 + this.indexEnd - this.indexStart;
			const each = 1 << by;
			let inpos = 0;
			let outpos = 0;
			for (let pos = this.indexStart; pos <= this.indexEnd;) {
				let mod = pos % each;
				if (mod < 0) mod += each;
				for (let i = mod; i < each && inpos < size; i++) {
					this._relocateBucket(outpos, inpos);
					inpos++;
					pos++;
				}
				outpos++;
			}
			this.indexStart >>= by;
			this.indexEnd >>= by;
			this.indexBase = this.indexStart;
		}
		/**
		* Clone returns a deep copy of Buckets
		* @returns {Buckets}
		*/
		clone() {
			return new Buckets(this.backing.clone(), this.indexBase, this.indexStart, this.indexEnd);
		}
		/**
		* _rotate shifts the backing array contents so that indexStart ==
		* indexBase to simplify the downscale logic.
		*/
		_rotate() {
			const bias = this.indexBase - this.indexStart;
			if (bias === 0) return;
			else if (bias > 0) {
				this.backing.reverse(0, this.backing.length);
				this.backing.reverse(0, bias);
				this.backing.reverse(bias, this.backing.length);
			} else {
				this.backing.reverse(0, this.backing.length);
				this.backing.reverse(0, this.backing.length + bias);
			}
			this.indexBase = this.indexStart;
		}
		/**
		* _relocateBucket adds the count in counts[src] to counts[dest] and
		* resets count[src] to zero.
		*/
		_relocateBucket(dest, src) {
			if (dest === src) return;
			this.incrementBucket(dest, this.backing.emptyBucket(src));
		}
	};
	/**
	* BucketsBacking holds the raw buckets and some utility methods to
	* manage them.
	*/
	var BucketsBacking = class BucketsBacking {
		_counts;
		constructor(counts = [0]) {
			this._counts = counts;
		}
		/**
		* length returns the physical size of the backing array, which
		* is >= buckets.length()
		*/
		get length() {
			return this._counts.length;
		}
		/**
		* countAt returns the count in a specific bucket
		*/
		countAt(pos) {
			return this._counts[pos];
		}
		/**
		* growTo grows a backing array and copies old entries
		* into their correct new positions.
		*/
		growTo(newSize, oldPositiveLimit, newPositiveLimit) {
			const tmp = new Array(newSize).fill(0);
			tmp.splice(newPositiveLimit, this._counts.length - oldPositiveLimit, ...this._counts.slice(oldPositiveLimit));
			tmp.splice(0, oldPositiveLimit, ...this._counts.slice(0, oldPositiveLimit));
			this._counts = tmp;
		}
		/**
		* reverse the items in the backing array in the range [from, limit).
		*/
		reverse(from, limit) {
			const num = Math.floor((from + limit) / 2) - from;
			for (let i = 0; i < num; i++) {
				const tmp = this._counts[from + i];
				this._counts[from + i] = this._counts[limit - i - 1];
				this._counts[limit - i - 1] = tmp;
			}
		}
		/**
		* emptyBucket empties the count from a bucket, for
		* moving into another.
		*/
		emptyBucket(src) {
			const tmp = this._counts[src];
			this._counts[src] = 0;
			return tmp;
		}
		/**
		* increments a bucket by `increment`
		*/
		increment(bucketIndex, increment) {
			this._counts[bucketIndex] += increment;
		}
		/**
		* decrements a bucket by `decrement`
		*/
		decrement(bucketIndex, decrement) {
			if (this._counts[bucketIndex] >= decrement) this._counts[bucketIndex] -= decrement;
			else this._counts[bucketIndex] = 0;
		}
		/**
		* clone returns a deep copy of BucketsBacking
		*/
		clone() {
			return new BucketsBacking([...this._counts]);
		}
	};
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/aggregator/exponential-histogram/mapping/ieee754.js
var require_ieee754 = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.isPowerOfTwo = exports.getNormalBase2 = exports.MIN_VALUE = exports.MAX_NORMAL_EXPONENT = exports.MIN_NORMAL_EXPONENT = void 0;
	/**
	* The functions and constants in this file allow us to interact
	* with the internal representation of an IEEE 64-bit floating point
	* number. We need to work with all 64-bits, thus, care needs to be
	* taken when working with Javascript's bitwise operators (<<, >>, &,
	* |, etc) as they truncate operands to 32-bits. In order to work around
	* this we work with the 64-bits as two 32-bit halves and perform bitwise
	* operations on each half independently.
	*/
	/**
	* EXPONENT_MASK is set to 1 for the hi 32-bits of an IEEE 754
	* floating point exponent: 0x7ff00000.
	*/
	const EXPONENT_MASK = 2146435072;
	/**
	* SIGNIFICAND_MASK is the mask for the significand portion of the hi 32-bits
	* of an IEEE 754 double-precision floating-point value: 0xfffff
	*/
	const SIGNIFICAND_MASK = 1048575;
	/**
	* EXPONENT_BIAS is the exponent bias specified for encoding
	* the IEEE 754 double-precision floating point exponent: 1023
	*/
	const EXPONENT_BIAS = 1023;
	/**
	* MIN_NORMAL_EXPONENT is the minimum exponent of a normalized
	* floating point: -1022.
	*/
	exports.MIN_NORMAL_EXPONENT = -1022;
	/**
	* MAX_NORMAL_EXPONENT is the maximum exponent of a normalized
	* floating point: 1023.
	*/
	exports.MAX_NORMAL_EXPONENT = EXPONENT_BIAS;
	/**
	* MIN_VALUE is the smallest normal number
	*/
	exports.MIN_VALUE = Math.pow(2, -1022);
	const dv = /* @__PURE__ */ new DataView(/* @__PURE__ */ new ArrayBuffer(8));
	/**
	* floatBits writes value into the shared buffer and returns its two 32-bit
	* halves.
	* @param {number} value - the floating point number to read
	* @returns {{hi: number, lo: number}} the high and low 32-bit halves
	*/
	function floatBits(value) {
		dv.setFloat64(0, value);
		return {
			hi: dv.getUint32(0),
			lo: dv.getUint32(4)
		};
	}
	/**
	* getNormalBase2 extracts the normalized base-2 fractional exponent.
	* This returns k for the equation f x 2**k where f is
	* in the range [1, 2).  Note that this function is not called for
	* subnormal numbers.
	* @param {number} value - the value to determine normalized base-2 fractional
	*    exponent for
	* @returns {number} the normalized base-2 exponent
	*/
	function getNormalBase2(value) {
		const { hi } = floatBits(value);
		return ((hi & EXPONENT_MASK) >> 20) - EXPONENT_BIAS;
	}
	exports.getNormalBase2 = getNormalBase2;
	/**
	* isPowerOfTwo reports whether value is an exact power of two, e.g. its 52-bit
	* significand is all zeros. Only valid for positive, finite values.
	* @param {number} value - the floating point number to test
	* @returns {boolean} true if value is an exact power of two
	*/
	function isPowerOfTwo(value) {
		const { hi, lo } = floatBits(value);
		return (hi & SIGNIFICAND_MASK) === 0 && lo === 0;
	}
	exports.isPowerOfTwo = isPowerOfTwo;
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/aggregator/exponential-histogram/util.js
var require_util = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.nextGreaterSquare = exports.ldexp = void 0;
	/**
	* Note: other languages provide this as a built in function. This is
	* a naive, but functionally correct implementation. This is used sparingly,
	* when creating a new mapping in a running application.
	*
	* ldexp returns frac × 2**exp. With the following special cases:
	*   ldexp(±0, exp) = ±0
	*   ldexp(±Inf, exp) = ±Inf
	*   ldexp(NaN, exp) = NaN
	* @param frac
	* @param exp
	* @returns {number}
	*/
	function ldexp(frac, exp) {
		if (frac === 0 || frac === Number.POSITIVE_INFINITY || frac === Number.NEGATIVE_INFINITY || Number.isNaN(frac)) return frac;
		return frac * Math.pow(2, exp);
	}
	exports.ldexp = ldexp;
	/**
	* Computes the next power of two that is greater than or equal to v.
	* This implementation more efficient than, but functionally equivalent
	* to Math.pow(2, Math.ceil(Math.log(x)/Math.log(2))).
	* @param v
	* @returns {number}
	*/
	function nextGreaterSquare(v) {
		v--;
		v |= v >> 1;
		v |= v >> 2;
		v |= v >> 4;
		v |= v >> 8;
		v |= v >> 16;
		v++;
		return v;
	}
	exports.nextGreaterSquare = nextGreaterSquare;
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/aggregator/exponential-histogram/mapping/types.js
var require_types = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.MappingError = void 0;
	var MappingError = class extends Error {};
	exports.MappingError = MappingError;
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/aggregator/exponential-histogram/mapping/ExponentMapping.js
var require_ExponentMapping = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.ExponentMapping = void 0;
	const ieee754 = require_ieee754();
	const util = require_util();
	const types_1 = require_types();
	/**
	* ExponentMapping implements exponential mapping functions for
	* scales <=0. For scales > 0 LogarithmMapping should be used.
	*/
	var ExponentMapping = class {
		_shift;
		constructor(scale) {
			this._shift = -scale;
		}
		/**
		* Maps positive floating point values to indexes corresponding to scale
		* @param value
		* @returns {number} index for provided value at the current scale
		*/
		mapToIndex(value) {
			if (value < ieee754.MIN_VALUE) return this._minNormalLowerBoundaryIndex();
			return ieee754.getNormalBase2(value) + (ieee754.isPowerOfTwo(value) ? -1 : 0) >> this._shift;
		}
		/**
		* Returns the lower bucket boundary for the given index for scale
		*
		* @param index
		* @returns {number}
		*/
		lowerBoundary(index) {
			const minIndex = this._minNormalLowerBoundaryIndex();
			if (index < minIndex) throw new types_1.MappingError(`underflow: ${index} is < minimum lower boundary: ${minIndex}`);
			const maxIndex = this._maxNormalLowerBoundaryIndex();
			if (index > maxIndex) throw new types_1.MappingError(`overflow: ${index} is > maximum lower boundary: ${maxIndex}`);
			return util.ldexp(1, index << this._shift);
		}
		/**
		* The scale used by this mapping
		* @returns {number}
		*/
		get scale() {
			if (this._shift === 0) return 0;
			return -this._shift;
		}
		_minNormalLowerBoundaryIndex() {
			let index = ieee754.MIN_NORMAL_EXPONENT >> this._shift;
			if (this._shift < 2) index--;
			return index;
		}
		_maxNormalLowerBoundaryIndex() {
			return ieee754.MAX_NORMAL_EXPONENT >> this._shift;
		}
	};
	exports.ExponentMapping = ExponentMapping;
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/aggregator/exponential-histogram/mapping/LogarithmMapping.js
var require_LogarithmMapping = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.LogarithmMapping = void 0;
	const ieee754 = require_ieee754();
	const util = require_util();
	const types_1 = require_types();
	/**
	* LogarithmMapping implements exponential mapping functions for scale > 0.
	* For scales <= 0 the exponent mapping should be used.
	*/
	var LogarithmMapping = class {
		_scale;
		_scaleFactor;
		_inverseFactor;
		constructor(scale) {
			this._scale = scale;
			this._scaleFactor = util.ldexp(Math.LOG2E, scale);
			this._inverseFactor = util.ldexp(Math.LN2, -scale);
		}
		/**
		* Maps positive floating point values to indexes corresponding to scale
		* @param value
		* @returns {number} index for provided value at the current scale
		*/
		mapToIndex(value) {
			if (value <= ieee754.MIN_VALUE) return this._minNormalLowerBoundaryIndex() - 1;
			if (ieee754.isPowerOfTwo(value)) return (ieee754.getNormalBase2(value) << this._scale) - 1;
			const index = Math.floor(Math.log(value) * this._scaleFactor);
			const maxIndex = this._maxNormalLowerBoundaryIndex();
			if (index >= maxIndex) return maxIndex;
			return index;
		}
		/**
		* Returns the lower bucket boundary for the given index for scale
		*
		* @param index
		* @returns {number}
		*/
		lowerBoundary(index) {
			const maxIndex = this._maxNormalLowerBoundaryIndex();
			if (index >= maxIndex) {
				if (index === maxIndex) return 2 * Math.exp((index - (1 << this._scale)) / this._scaleFactor);
				throw new types_1.MappingError(`overflow: ${index} is > maximum lower boundary: ${maxIndex}`);
			}
			const minIndex = this._minNormalLowerBoundaryIndex();
			if (index <= minIndex) {
				if (index === minIndex) return ieee754.MIN_VALUE;
				else if (index === minIndex - 1) return Math.exp((index + (1 << this._scale)) / this._scaleFactor) / 2;
				throw new types_1.MappingError(`overflow: ${index} is < minimum lower boundary: ${minIndex}`);
			}
			return Math.exp(index * this._inverseFactor);
		}
		/**
		* The scale used by this mapping
		* @returns {number}
		*/
		get scale() {
			return this._scale;
		}
		_minNormalLowerBoundaryIndex() {
			return ieee754.MIN_NORMAL_EXPONENT << this._scale;
		}
		_maxNormalLowerBoundaryIndex() {
			return (ieee754.MAX_NORMAL_EXPONENT + 1 << this._scale) - 1;
		}
	};
	exports.LogarithmMapping = LogarithmMapping;
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/aggregator/exponential-histogram/mapping/getMapping.js
var require_getMapping = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.getMapping = void 0;
	const ExponentMapping_1 = require_ExponentMapping();
	const LogarithmMapping_1 = require_LogarithmMapping();
	const types_1 = require_types();
	const MIN_SCALE = -10;
	const MAX_SCALE = 20;
	const PREBUILT_MAPPINGS = Array.from({ length: 31 }, (_, i) => {
		if (i > 10) return new LogarithmMapping_1.LogarithmMapping(i - 10);
		return new ExponentMapping_1.ExponentMapping(i - 10);
	});
	/**
	* getMapping returns an appropriate mapping for the given scale. For scales -10
	* to 0 the underlying type will be ExponentMapping. For scales 1 to 20 the
	* underlying type will be LogarithmMapping.
	* @param scale a number in the range [-10, 20]
	* @returns {Mapping}
	*/
	function getMapping(scale) {
		if (scale > MAX_SCALE || scale < MIN_SCALE) throw new types_1.MappingError(`expected scale >= ${MIN_SCALE} && <= ${MAX_SCALE}, got: ${scale}`);
		return PREBUILT_MAPPINGS[scale + 10];
	}
	exports.getMapping = getMapping;
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/aggregator/ExponentialHistogram.js
var require_ExponentialHistogram = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.ExponentialHistogramAggregator = exports.ExponentialHistogramAccumulation = void 0;
	const types_1 = require_types$1();
	const MetricData_1 = require_MetricData();
	const api_1 = (init_esm$1(), __toCommonJS(esm_exports$1));
	const Buckets_1 = require_Buckets();
	const getMapping_1 = require_getMapping();
	const util_1 = require_util();
	var HighLow = class HighLow {
		static combine(h1, h2) {
			return new HighLow(Math.min(h1.low, h2.low), Math.max(h1.high, h2.high));
		}
		low;
		high;
		constructor(low, high) {
			this.low = low;
			this.high = high;
		}
	};
	const MAX_SCALE = 20;
	const DEFAULT_MAX_SIZE = 160;
	const MIN_MAX_SIZE = 2;
	var ExponentialHistogramAccumulation = class ExponentialHistogramAccumulation {
		startTime;
		_maxSize;
		_recordMinMax;
		_sum;
		_count;
		_zeroCount;
		_min;
		_max;
		_positive;
		_negative;
		_mapping;
		constructor(startTime, maxSize = DEFAULT_MAX_SIZE, recordMinMax = true, sum = 0, count = 0, zeroCount = 0, min = Number.POSITIVE_INFINITY, max = Number.NEGATIVE_INFINITY, positive = new Buckets_1.Buckets(), negative = new Buckets_1.Buckets(), mapping = (0, getMapping_1.getMapping)(MAX_SCALE)) {
			this.startTime = startTime;
			this._maxSize = maxSize;
			this._recordMinMax = recordMinMax;
			this._sum = sum;
			this._count = count;
			this._zeroCount = zeroCount;
			this._min = min;
			this._max = max;
			this._positive = positive;
			this._negative = negative;
			this._mapping = mapping;
			if (this._maxSize < MIN_MAX_SIZE) {
				api_1.diag.warn(`Exponential Histogram Max Size set to ${this._maxSize}, \
                changing to the minimum size of: ${MIN_MAX_SIZE}`);
				this._maxSize = MIN_MAX_SIZE;
			}
		}
		/**
		* record updates a histogram with a single count
		* @param {Number} value
		*/
		record(value) {
			this.updateByIncrement(value, 1);
		}
		/**
		* Sets the start time for this accumulation
		* @param {HrTime} startTime
		*/
		setStartTime(startTime) {
			this.startTime = startTime;
		}
		/**
		* Returns the datapoint representation of this accumulation
		* @param {HrTime} startTime
		*/
		toPointValue() {
			return {
				hasMinMax: this._recordMinMax,
				min: this.min,
				max: this.max,
				sum: this.sum,
				positive: {
					offset: this.positive.offset,
					bucketCounts: this.positive.counts()
				},
				negative: {
					offset: this.negative.offset,
					bucketCounts: this.negative.counts()
				},
				count: this.count,
				scale: this.scale,
				zeroCount: this.zeroCount
			};
		}
		/**
		* @returns {Number} The sum of values recorded by this accumulation
		*/
		get sum() {
			return this._sum;
		}
		/**
		* @returns {Number} The minimum value recorded by this accumulation
		*/
		get min() {
			return this._min;
		}
		/**
		* @returns {Number} The maximum value recorded by this accumulation
		*/
		get max() {
			return this._max;
		}
		/**
		* @returns {Number} The count of values recorded by this accumulation
		*/
		get count() {
			return this._count;
		}
		/**
		* @returns {Number} The number of 0 values recorded by this accumulation
		*/
		get zeroCount() {
			return this._zeroCount;
		}
		/**
		* @returns {Number} The scale used by this accumulation
		*/
		get scale() {
			if (this._count === this._zeroCount) return 0;
			return this._mapping.scale;
		}
		/**
		* positive holds the positive values
		* @returns {Buckets}
		*/
		get positive() {
			return this._positive;
		}
		/**
		* negative holds the negative values by their absolute value
		* @returns {Buckets}
		*/
		get negative() {
			return this._negative;
		}
		/**
		* updateByIncr supports updating a histogram with a non-negative
		* increment.
		* @param value
		* @param increment
		*/
		updateByIncrement(value, increment) {
			if (!Number.isFinite(value)) return;
			if (value > this._max) this._max = value;
			if (value < this._min) this._min = value;
			this._count += increment;
			if (value === 0) {
				this._zeroCount += increment;
				return;
			}
			this._sum += value * increment;
			if (value > 0) this._updateBuckets(this._positive, value, increment);
			else this._updateBuckets(this._negative, -value, increment);
		}
		/**
		* merge combines data from previous value into self
		* @param {ExponentialHistogramAccumulation} previous
		*/
		merge(previous) {
			if (this._count === 0) {
				this._min = previous.min;
				this._max = previous.max;
			} else if (previous.count !== 0) {
				if (previous.min < this.min) this._min = previous.min;
				if (previous.max > this.max) this._max = previous.max;
			}
			this.startTime = previous.startTime;
			this._sum += previous.sum;
			this._count += previous.count;
			this._zeroCount += previous.zeroCount;
			const minScale = this._minScale(previous);
			this._downscale(this.scale - minScale);
			this._mergeBuckets(this.positive, previous, previous.positive, minScale);
			this._mergeBuckets(this.negative, previous, previous.negative, minScale);
		}
		/**
		* diff subtracts other from self
		* @param {ExponentialHistogramAccumulation} other
		*/
		diff(other) {
			this._min = Infinity;
			this._max = -Infinity;
			this._sum -= other.sum;
			this._count -= other.count;
			this._zeroCount -= other.zeroCount;
			const minScale = this._minScale(other);
			this._downscale(this.scale - minScale);
			this._diffBuckets(this.positive, other, other.positive, minScale);
			this._diffBuckets(this.negative, other, other.negative, minScale);
		}
		/**
		* clone returns a deep copy of self
		* @returns {ExponentialHistogramAccumulation}
		*/
		clone() {
			return new ExponentialHistogramAccumulation(this.startTime, this._maxSize, this._recordMinMax, this._sum, this._count, this._zeroCount, this._min, this._max, this.positive.clone(), this.negative.clone(), this._mapping);
		}
		/**
		* _updateBuckets maps the incoming value to a bucket index for the current
		* scale. If the bucket index is outside of the range of the backing array,
		* it will rescale the backing array and update the mapping for the new scale.
		*/
		_updateBuckets(buckets, value, increment) {
			let index = this._mapping.mapToIndex(value);
			let rescalingNeeded = false;
			let high = 0;
			let low = 0;
			if (buckets.length === 0) {
				buckets.indexStart = index;
				buckets.indexEnd = buckets.indexStart;
				buckets.indexBase = buckets.indexStart;
			} else if (index < buckets.indexStart && buckets.indexEnd - index >= this._maxSize) {
				rescalingNeeded = true;
				low = index;
				high = buckets.indexEnd;
			} else if (index > buckets.indexEnd && index - buckets.indexStart >= this._maxSize) {
				rescalingNeeded = true;
				low = buckets.indexStart;
				high = index;
			}
			if (rescalingNeeded) {
				const change = this._changeScale(high, low);
				this._downscale(change);
				index = this._mapping.mapToIndex(value);
			}
			this._incrementIndexBy(buckets, index, increment);
		}
		/**
		* _incrementIndexBy increments the count of the bucket specified by `index`.
		* If the index is outside of the range [buckets.indexStart, buckets.indexEnd]
		* the boundaries of the backing array will be adjusted and more buckets will
		* be added if needed.
		*/
		_incrementIndexBy(buckets, index, increment) {
			if (increment === 0) return;
			if (buckets.length === 0) buckets.indexStart = buckets.indexEnd = buckets.indexBase = index;
			if (index < buckets.indexStart) {
				const span = buckets.indexEnd - index;
				if (span >= buckets.backing.length) this._grow(buckets, span + 1);
				buckets.indexStart = index;
			} else if (index > buckets.indexEnd) {
				const span = index - buckets.indexStart;
				if (span >= buckets.backing.length) this._grow(buckets, span + 1);
				buckets.indexEnd = index;
			}
			let bucketIndex = index - buckets.indexBase;
			if (bucketIndex < 0) bucketIndex += buckets.backing.length;
			buckets.incrementBucket(bucketIndex, increment);
		}
		/**
		* grow resizes the backing array by doubling in size up to maxSize.
		* This extends the array with a bunch of zeros and copies the
		* existing counts to the same position.
		*/
		_grow(buckets, needed) {
			const size = buckets.backing.length;
			const bias = buckets.indexBase - buckets.indexStart;
			const oldPositiveLimit = size - bias;
			let newSize = (0, util_1.nextGreaterSquare)(needed);
			if (newSize > this._maxSize) newSize = this._maxSize;
			const newPositiveLimit = newSize - bias;
			buckets.backing.growTo(newSize, oldPositiveLimit, newPositiveLimit);
		}
		/**
		* _changeScale computes how much downscaling is needed by shifting the
		* high and low values until they are separated by no more than size.
		*/
		_changeScale(high, low) {
			let change = 0;
			while (high - low >= this._maxSize) {
				high >>= 1;
				low >>= 1;
				change++;
			}
			return change;
		}
		/**
		* _downscale subtracts `change` from the current mapping scale.
		*/
		_downscale(change) {
			if (change === 0) return;
			if (change < 0) throw new Error(`impossible change of scale: ${this.scale}`);
			const newScale = this._mapping.scale - change;
			this._positive.downscale(change);
			this._negative.downscale(change);
			this._mapping = (0, getMapping_1.getMapping)(newScale);
		}
		/**
		* _minScale is used by diff and merge to compute an ideal combined scale
		*/
		_minScale(other) {
			const minScale = Math.min(this.scale, other.scale);
			const highLowPos = HighLow.combine(this._highLowAtScale(this.positive, this.scale, minScale), this._highLowAtScale(other.positive, other.scale, minScale));
			const highLowNeg = HighLow.combine(this._highLowAtScale(this.negative, this.scale, minScale), this._highLowAtScale(other.negative, other.scale, minScale));
			return Math.min(minScale - this._changeScale(highLowPos.high, highLowPos.low), minScale - this._changeScale(highLowNeg.high, highLowNeg.low));
		}
		/**
		* _highLowAtScale is used by diff and merge to compute an ideal combined scale.
		*/
		_highLowAtScale(buckets, currentScale, newScale) {
			if (buckets.length === 0) return new HighLow(0, -1);
			const shift = currentScale - newScale;
			return new HighLow(buckets.indexStart >> shift, buckets.indexEnd >> shift);
		}
		/**
		* _mergeBuckets translates index values from another histogram and
		* adds the values into the corresponding buckets of this histogram.
		*/
		_mergeBuckets(ours, other, theirs, scale) {
			const theirOffset = theirs.offset;
			const theirChange = other.scale - scale;
			for (let i = 0; i < theirs.length; i++) this._incrementIndexBy(ours, theirOffset + i >> theirChange, theirs.at(i));
		}
		/**
		* _diffBuckets translates index values from another histogram and
		* subtracts the values in the corresponding buckets of this histogram.
		*/
		_diffBuckets(ours, other, theirs, scale) {
			const theirOffset = theirs.offset;
			const theirChange = other.scale - scale;
			for (let i = 0; i < theirs.length; i++) {
				let bucketIndex = (theirOffset + i >> theirChange) - ours.indexBase;
				if (bucketIndex < 0) bucketIndex += ours.backing.length;
				ours.decrementBucket(bucketIndex, theirs.at(i));
			}
			ours.trim();
		}
	};
	exports.ExponentialHistogramAccumulation = ExponentialHistogramAccumulation;
	/**
	* Aggregator for ExponentialHistogramAccumulations
	*/
	var ExponentialHistogramAggregator = class {
		kind = types_1.AggregatorKind.EXPONENTIAL_HISTOGRAM;
		_maxSize;
		_recordMinMax;
		/**
		* @param _maxSize Maximum number of buckets for each of the positive
		*    and negative ranges, exclusive of the zero-bucket.
		* @param _recordMinMax If set to true, min and max will be recorded.
		*    Otherwise, min and max will not be recorded.
		*/
		constructor(maxSize, recordMinMax) {
			this._maxSize = maxSize;
			this._recordMinMax = recordMinMax;
		}
		createAccumulation(startTime) {
			return new ExponentialHistogramAccumulation(startTime, this._maxSize, this._recordMinMax);
		}
		/**
		* Return the result of the merge of two exponential histogram accumulations.
		*/
		merge(previous, delta) {
			const result = delta.clone();
			result.merge(previous);
			return result;
		}
		/**
		* Returns a new DELTA aggregation by comparing two cumulative measurements.
		*/
		diff(previous, current) {
			const result = current.clone();
			result.diff(previous);
			return result;
		}
		toMetricData(descriptor, aggregationTemporality, accumulationByAttributes, endTime) {
			return {
				descriptor,
				aggregationTemporality,
				dataPointType: MetricData_1.DataPointType.EXPONENTIAL_HISTOGRAM,
				dataPoints: accumulationByAttributes.map(([attributes, accumulation]) => {
					const pointValue = accumulation.toPointValue();
					const allowsNegativeValues = descriptor.type === MetricData_1.InstrumentType.GAUGE || descriptor.type === MetricData_1.InstrumentType.UP_DOWN_COUNTER || descriptor.type === MetricData_1.InstrumentType.OBSERVABLE_GAUGE || descriptor.type === MetricData_1.InstrumentType.OBSERVABLE_UP_DOWN_COUNTER;
					return {
						attributes,
						startTime: accumulation.startTime,
						endTime,
						value: {
							min: pointValue.hasMinMax ? pointValue.min : void 0,
							max: pointValue.hasMinMax ? pointValue.max : void 0,
							sum: !allowsNegativeValues ? pointValue.sum : void 0,
							positive: {
								offset: pointValue.positive.offset,
								bucketCounts: pointValue.positive.bucketCounts
							},
							negative: {
								offset: pointValue.negative.offset,
								bucketCounts: pointValue.negative.bucketCounts
							},
							count: pointValue.count,
							scale: pointValue.scale,
							zeroCount: pointValue.zeroCount
						}
					};
				})
			};
		}
	};
	exports.ExponentialHistogramAggregator = ExponentialHistogramAggregator;
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/aggregator/LastValue.js
var require_LastValue = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.LastValueAggregator = exports.LastValueAccumulation = void 0;
	const types_1 = require_types$1();
	const core_1 = require_src$6();
	const MetricData_1 = require_MetricData();
	var LastValueAccumulation = class {
		startTime;
		_current;
		sampleTime;
		constructor(startTime, current = 0, sampleTime = [0, 0]) {
			this.startTime = startTime;
			this._current = current;
			this.sampleTime = sampleTime;
		}
		record(value) {
			this._current = value;
			this.sampleTime = (0, core_1.millisToHrTime)(Date.now());
		}
		setStartTime(startTime) {
			this.startTime = startTime;
		}
		toPointValue() {
			return this._current;
		}
	};
	exports.LastValueAccumulation = LastValueAccumulation;
	/** Basic aggregator which calculates a LastValue from individual measurements. */
	var LastValueAggregator = class {
		kind = types_1.AggregatorKind.LAST_VALUE;
		createAccumulation(startTime) {
			return new LastValueAccumulation(startTime);
		}
		/**
		* Returns the result of the merge of the given accumulations.
		*
		* Return the newly captured (delta) accumulation for LastValueAggregator.
		*/
		merge(previous, delta) {
			const latestAccumulation = (0, core_1.hrTimeToMicroseconds)(delta.sampleTime) >= (0, core_1.hrTimeToMicroseconds)(previous.sampleTime) ? delta : previous;
			return new LastValueAccumulation(previous.startTime, latestAccumulation.toPointValue(), latestAccumulation.sampleTime);
		}
		/**
		* Returns a new DELTA aggregation by comparing two cumulative measurements.
		*
		* A delta aggregation is not meaningful to LastValueAggregator, just return
		* the newly captured (delta) accumulation for LastValueAggregator.
		*/
		diff(previous, current) {
			const latestAccumulation = (0, core_1.hrTimeToMicroseconds)(current.sampleTime) >= (0, core_1.hrTimeToMicroseconds)(previous.sampleTime) ? current : previous;
			return new LastValueAccumulation(current.startTime, latestAccumulation.toPointValue(), latestAccumulation.sampleTime);
		}
		toMetricData(descriptor, aggregationTemporality, accumulationByAttributes, endTime) {
			return {
				descriptor,
				aggregationTemporality,
				dataPointType: MetricData_1.DataPointType.GAUGE,
				dataPoints: accumulationByAttributes.map(([attributes, accumulation]) => {
					return {
						attributes,
						startTime: accumulation.startTime,
						endTime,
						value: accumulation.toPointValue()
					};
				})
			};
		}
	};
	exports.LastValueAggregator = LastValueAggregator;
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/aggregator/Sum.js
var require_Sum = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.SumAggregator = exports.SumAccumulation = void 0;
	const types_1 = require_types$1();
	const MetricData_1 = require_MetricData();
	var SumAccumulation = class {
		startTime;
		monotonic;
		_current;
		reset;
		constructor(startTime, monotonic, current = 0, reset = false) {
			this.startTime = startTime;
			this.monotonic = monotonic;
			this._current = current;
			this.reset = reset;
		}
		record(value) {
			if (this.monotonic && value < 0) return;
			this._current += value;
		}
		setStartTime(startTime) {
			this.startTime = startTime;
		}
		toPointValue() {
			return this._current;
		}
	};
	exports.SumAccumulation = SumAccumulation;
	/** Basic aggregator which calculates a Sum from individual measurements. */
	var SumAggregator = class {
		kind = types_1.AggregatorKind.SUM;
		monotonic;
		constructor(monotonic) {
			this.monotonic = monotonic;
		}
		createAccumulation(startTime) {
			return new SumAccumulation(startTime, this.monotonic);
		}
		/**
		* Returns the result of the merge of the given accumulations.
		*/
		merge(previous, delta) {
			const prevPv = previous.toPointValue();
			const deltaPv = delta.toPointValue();
			if (delta.reset) return new SumAccumulation(delta.startTime, this.monotonic, deltaPv, delta.reset);
			return new SumAccumulation(previous.startTime, this.monotonic, prevPv + deltaPv);
		}
		/**
		* Returns a new DELTA aggregation by comparing two cumulative measurements.
		*/
		diff(previous, current) {
			const prevPv = previous.toPointValue();
			const currPv = current.toPointValue();
			/**
			* If the SumAggregator is a monotonic one and the previous point value is
			* greater than the current one, a reset is deemed to be happened.
			* Return the current point value to prevent the value from been reset.
			*/
			if (this.monotonic && prevPv > currPv) return new SumAccumulation(current.startTime, this.monotonic, currPv, true);
			return new SumAccumulation(current.startTime, this.monotonic, currPv - prevPv);
		}
		toMetricData(descriptor, aggregationTemporality, accumulationByAttributes, endTime) {
			return {
				descriptor,
				aggregationTemporality,
				dataPointType: MetricData_1.DataPointType.SUM,
				dataPoints: accumulationByAttributes.map(([attributes, accumulation]) => {
					return {
						attributes,
						startTime: accumulation.startTime,
						endTime,
						value: accumulation.toPointValue()
					};
				}),
				isMonotonic: this.monotonic
			};
		}
	};
	exports.SumAggregator = SumAggregator;
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/aggregator/index.js
var require_aggregator = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.SumAggregator = exports.SumAccumulation = exports.LastValueAggregator = exports.LastValueAccumulation = exports.ExponentialHistogramAggregator = exports.ExponentialHistogramAccumulation = exports.HistogramAggregator = exports.HistogramAccumulation = exports.DropAggregator = void 0;
	var Drop_1 = require_Drop();
	Object.defineProperty(exports, "DropAggregator", {
		enumerable: true,
		get: function() {
			return Drop_1.DropAggregator;
		}
	});
	var Histogram_1 = require_Histogram();
	Object.defineProperty(exports, "HistogramAccumulation", {
		enumerable: true,
		get: function() {
			return Histogram_1.HistogramAccumulation;
		}
	});
	Object.defineProperty(exports, "HistogramAggregator", {
		enumerable: true,
		get: function() {
			return Histogram_1.HistogramAggregator;
		}
	});
	var ExponentialHistogram_1 = require_ExponentialHistogram();
	Object.defineProperty(exports, "ExponentialHistogramAccumulation", {
		enumerable: true,
		get: function() {
			return ExponentialHistogram_1.ExponentialHistogramAccumulation;
		}
	});
	Object.defineProperty(exports, "ExponentialHistogramAggregator", {
		enumerable: true,
		get: function() {
			return ExponentialHistogram_1.ExponentialHistogramAggregator;
		}
	});
	var LastValue_1 = require_LastValue();
	Object.defineProperty(exports, "LastValueAccumulation", {
		enumerable: true,
		get: function() {
			return LastValue_1.LastValueAccumulation;
		}
	});
	Object.defineProperty(exports, "LastValueAggregator", {
		enumerable: true,
		get: function() {
			return LastValue_1.LastValueAggregator;
		}
	});
	var Sum_1 = require_Sum();
	Object.defineProperty(exports, "SumAccumulation", {
		enumerable: true,
		get: function() {
			return Sum_1.SumAccumulation;
		}
	});
	Object.defineProperty(exports, "SumAggregator", {
		enumerable: true,
		get: function() {
			return Sum_1.SumAggregator;
		}
	});
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/view/Aggregation.js
var require_Aggregation = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.DEFAULT_AGGREGATION = exports.EXPONENTIAL_HISTOGRAM_AGGREGATION = exports.HISTOGRAM_AGGREGATION = exports.LAST_VALUE_AGGREGATION = exports.SUM_AGGREGATION = exports.DROP_AGGREGATION = exports.DefaultAggregation = exports.ExponentialHistogramAggregation = exports.ExplicitBucketHistogramAggregation = exports.HistogramAggregation = exports.LastValueAggregation = exports.SumAggregation = exports.DropAggregation = void 0;
	const api = (init_esm$1(), __toCommonJS(esm_exports$1));
	const aggregator_1 = require_aggregator();
	const MetricData_1 = require_MetricData();
	/**
	* The default drop aggregation.
	*/
	var DropAggregation = class DropAggregation {
		static DEFAULT_INSTANCE = new aggregator_1.DropAggregator();
		createAggregator(_instrument) {
			return DropAggregation.DEFAULT_INSTANCE;
		}
	};
	exports.DropAggregation = DropAggregation;
	/**
	* The default sum aggregation.
	*/
	var SumAggregation = class SumAggregation {
		static MONOTONIC_INSTANCE = new aggregator_1.SumAggregator(true);
		static NON_MONOTONIC_INSTANCE = new aggregator_1.SumAggregator(false);
		createAggregator(instrument) {
			switch (instrument.type) {
				case MetricData_1.InstrumentType.COUNTER:
				case MetricData_1.InstrumentType.OBSERVABLE_COUNTER:
				case MetricData_1.InstrumentType.HISTOGRAM: return SumAggregation.MONOTONIC_INSTANCE;
				default: return SumAggregation.NON_MONOTONIC_INSTANCE;
			}
		}
	};
	exports.SumAggregation = SumAggregation;
	/**
	* The default last value aggregation.
	*/
	var LastValueAggregation = class LastValueAggregation {
		static DEFAULT_INSTANCE = new aggregator_1.LastValueAggregator();
		createAggregator(_instrument) {
			return LastValueAggregation.DEFAULT_INSTANCE;
		}
	};
	exports.LastValueAggregation = LastValueAggregation;
	/**
	* The default histogram aggregation.
	
	*/
	var HistogramAggregation = class HistogramAggregation {
		static DEFAULT_INSTANCE = new aggregator_1.HistogramAggregator([
			0,
			5,
			10,
			25,
			50,
			75,
			100,
			250,
			500,
			750,
			1e3,
			2500,
			5e3,
			7500,
			1e4
		], true);
		createAggregator(_instrument) {
			return HistogramAggregation.DEFAULT_INSTANCE;
		}
	};
	exports.HistogramAggregation = HistogramAggregation;
	/**
	* The explicit bucket histogram aggregation.
	*/
	var ExplicitBucketHistogramAggregation = class {
		_boundaries;
		_recordMinMax;
		/**
		* @param boundaries the bucket boundaries of the histogram aggregation
		* @param _recordMinMax If set to true, min and max will be recorded. Otherwise, min and max will not be recorded.
		*/
		constructor(boundaries, recordMinMax = true) {
			if (boundaries == null) throw new Error("ExplicitBucketHistogramAggregation should be created with explicit boundaries, if a single bucket histogram is required, please pass an empty array");
			boundaries = boundaries.concat();
			boundaries = boundaries.sort((a, b) => a - b);
			const minusInfinityIndex = boundaries.lastIndexOf(-Infinity);
			let infinityIndex = boundaries.indexOf(Infinity);
			if (infinityIndex === -1) infinityIndex = void 0;
			this._boundaries = boundaries.slice(minusInfinityIndex + 1, infinityIndex);
			this._recordMinMax = recordMinMax;
		}
		createAggregator(_instrument) {
			return new aggregator_1.HistogramAggregator(this._boundaries, this._recordMinMax);
		}
	};
	exports.ExplicitBucketHistogramAggregation = ExplicitBucketHistogramAggregation;
	var ExponentialHistogramAggregation = class {
		_maxSize;
		_recordMinMax;
		constructor(maxSize = 160, recordMinMax = true) {
			this._maxSize = maxSize;
			this._recordMinMax = recordMinMax;
		}
		createAggregator(_instrument) {
			return new aggregator_1.ExponentialHistogramAggregator(this._maxSize, this._recordMinMax);
		}
	};
	exports.ExponentialHistogramAggregation = ExponentialHistogramAggregation;
	/**
	* The default aggregation.
	*/
	var DefaultAggregation = class {
		_resolve(instrument) {
			switch (instrument.type) {
				case MetricData_1.InstrumentType.COUNTER:
				case MetricData_1.InstrumentType.UP_DOWN_COUNTER:
				case MetricData_1.InstrumentType.OBSERVABLE_COUNTER:
				case MetricData_1.InstrumentType.OBSERVABLE_UP_DOWN_COUNTER: return exports.SUM_AGGREGATION;
				case MetricData_1.InstrumentType.GAUGE:
				case MetricData_1.InstrumentType.OBSERVABLE_GAUGE: return exports.LAST_VALUE_AGGREGATION;
				case MetricData_1.InstrumentType.HISTOGRAM:
					if (instrument.advice.explicitBucketBoundaries) return new ExplicitBucketHistogramAggregation(instrument.advice.explicitBucketBoundaries);
					return exports.HISTOGRAM_AGGREGATION;
			}
			api.diag.warn(`Unable to recognize instrument type: ${instrument.type}`);
			return exports.DROP_AGGREGATION;
		}
		createAggregator(instrument) {
			return this._resolve(instrument).createAggregator(instrument);
		}
	};
	exports.DefaultAggregation = DefaultAggregation;
	exports.DROP_AGGREGATION = new DropAggregation();
	exports.SUM_AGGREGATION = new SumAggregation();
	exports.LAST_VALUE_AGGREGATION = new LastValueAggregation();
	exports.HISTOGRAM_AGGREGATION = new HistogramAggregation();
	exports.EXPONENTIAL_HISTOGRAM_AGGREGATION = new ExponentialHistogramAggregation();
	exports.DEFAULT_AGGREGATION = new DefaultAggregation();
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/view/AggregationOption.js
var require_AggregationOption = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.toAggregation = exports.AggregationType = void 0;
	const Aggregation_1 = require_Aggregation();
	var AggregationType;
	(function(AggregationType) {
		AggregationType[AggregationType["DEFAULT"] = 0] = "DEFAULT";
		AggregationType[AggregationType["DROP"] = 1] = "DROP";
		AggregationType[AggregationType["SUM"] = 2] = "SUM";
		AggregationType[AggregationType["LAST_VALUE"] = 3] = "LAST_VALUE";
		AggregationType[AggregationType["EXPLICIT_BUCKET_HISTOGRAM"] = 4] = "EXPLICIT_BUCKET_HISTOGRAM";
		AggregationType[AggregationType["EXPONENTIAL_HISTOGRAM"] = 5] = "EXPONENTIAL_HISTOGRAM";
	})(AggregationType || (exports.AggregationType = AggregationType = {}));
	function toAggregation(option) {
		switch (option.type) {
			case AggregationType.DEFAULT: return Aggregation_1.DEFAULT_AGGREGATION;
			case AggregationType.DROP: return Aggregation_1.DROP_AGGREGATION;
			case AggregationType.SUM: return Aggregation_1.SUM_AGGREGATION;
			case AggregationType.LAST_VALUE: return Aggregation_1.LAST_VALUE_AGGREGATION;
			case AggregationType.EXPONENTIAL_HISTOGRAM: {
				const expOption = option;
				return new Aggregation_1.ExponentialHistogramAggregation(expOption.options?.maxSize, expOption.options?.recordMinMax);
			}
			case AggregationType.EXPLICIT_BUCKET_HISTOGRAM: {
				const expOption = option;
				if (expOption.options == null) return Aggregation_1.HISTOGRAM_AGGREGATION;
				else return new Aggregation_1.ExplicitBucketHistogramAggregation(expOption.options?.boundaries, expOption.options?.recordMinMax);
			}
			default: throw new Error("Unsupported Aggregation");
		}
	}
	exports.toAggregation = toAggregation;
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/export/AggregationSelector.js
var require_AggregationSelector = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.DEFAULT_AGGREGATION_TEMPORALITY_SELECTOR = exports.DEFAULT_AGGREGATION_SELECTOR = void 0;
	const AggregationTemporality_1 = require_AggregationTemporality();
	const AggregationOption_1 = require_AggregationOption();
	const DEFAULT_AGGREGATION_SELECTOR = (_instrumentType) => {
		return { type: AggregationOption_1.AggregationType.DEFAULT };
	};
	exports.DEFAULT_AGGREGATION_SELECTOR = DEFAULT_AGGREGATION_SELECTOR;
	const DEFAULT_AGGREGATION_TEMPORALITY_SELECTOR = (_instrumentType) => AggregationTemporality_1.AggregationTemporality.CUMULATIVE;
	exports.DEFAULT_AGGREGATION_TEMPORALITY_SELECTOR = DEFAULT_AGGREGATION_TEMPORALITY_SELECTOR;
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/semconv.js
var require_semconv$3 = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.ATTR_ERROR_TYPE = exports.METRIC_OTEL_SDK_METRIC_READER_COLLECTION_DURATION = exports.OTEL_COMPONENT_TYPE_VALUE_PERIODIC_METRIC_READER = exports.ATTR_OTEL_COMPONENT_TYPE = exports.ATTR_OTEL_COMPONENT_NAME = void 0;
	/**
	* A name uniquely identifying the instance of the OpenTelemetry component within its containing SDK instance.
	*
	* @example otlp_grpc_span_exporter/0
	* @example custom-name
	*
	* @note Implementations **SHOULD** ensure a low cardinality for this attribute, even across application or SDK restarts.
	* E.g. implementations **MUST NOT** use UUIDs as values for this attribute.
	*
	* Implementations **MAY** achieve these goals by following a `<otel.component.type>/<instance-counter>` pattern, e.g. `batching_span_processor/0`.
	* Hereby `otel.component.type` refers to the corresponding attribute value of the component.
	*
	* The value of `instance-counter` **MAY** be automatically assigned by the component and uniqueness within the enclosing SDK instance **MUST** be guaranteed.
	* For example, `<instance-counter>` **MAY** be implemented by using a monotonically increasing counter (starting with `0`), which is incremented every time an
	* instance of the given component type is started.
	*
	* With this implementation, for example the first Batching Span Processor would have `batching_span_processor/0`
	* as `otel.component.name`, the second one `batching_span_processor/1` and so on.
	* These values will therefore be reused in the case of an application restart.
	*
	* @experimental This attribute is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.ATTR_OTEL_COMPONENT_NAME = "otel.component.name";
	/**
	* A name identifying the type of the OpenTelemetry component.
	*
	* @example batching_span_processor
	* @example com.example.MySpanExporter
	*
	* @note If none of the standardized values apply, implementations **SHOULD** use the language-defined name of the type.
	* E.g. for Java the fully qualified classname **SHOULD** be used in this case.
	*
	* @experimental This attribute is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.ATTR_OTEL_COMPONENT_TYPE = "otel.component.type";
	/**
	* Enum value "periodic_metric_reader" for attribute {@link ATTR_OTEL_COMPONENT_TYPE}.
	*
	* The builtin SDK periodically exporting metric reader
	*
	* @experimental This enum value is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.OTEL_COMPONENT_TYPE_VALUE_PERIODIC_METRIC_READER = "periodic_metric_reader";
	/**
	* The duration of the collect operation of the metric reader.
	*
	* @note For successful collections, `error.type` **MUST NOT** be set. For failed collections, `error.type` **SHOULD** contain the failure cause.
	* It can happen that metrics collection is successful for some MetricProducers, while others fail. In that case `error.type` **SHOULD** be set to any of the failure causes.
	*
	* @experimental This metric is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.METRIC_OTEL_SDK_METRIC_READER_COLLECTION_DURATION = "otel.sdk.metric_reader.collection.duration";
	/**
	* Describes a class of error the operation ended with.
	*
	* @example timeout
	* @example java.net.UnknownHostException
	* @example server_certificate_invalid
	* @example 500
	*
	* @note The `error.type` **SHOULD** be predictable, and **SHOULD** have low cardinality.
	*
	* When `error.type` is set to a type (e.g., an exception type), its
	* canonical class name identifying the type within the artifact **SHOULD** be used.
	*
	* Instrumentations **SHOULD** document the list of errors they report.
	*
	* The cardinality of `error.type` within one instrumentation library **SHOULD** be low.
	* Telemetry consumers that aggregate data from multiple instrumentation libraries and applications
	* should be prepared for `error.type` to have high cardinality at query time when no
	* additional filters are applied.
	*
	* If the operation has completed successfully, instrumentations **SHOULD NOT** set `error.type`.
	*
	* If a specific domain defines its own set of error identifiers (such as HTTP or RPC status codes),
	* it's **RECOMMENDED** to:
	*
	*   - Use a domain-specific attribute
	*   - Set `error.type` to capture all errors, regardless of whether they are defined within the domain-specific set or not.
	*/
	exports.ATTR_ERROR_TYPE = "error.type";
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/export/MetricReaderMetrics.js
var require_MetricReaderMetrics = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.MetricReaderMetrics = void 0;
	const semconv_1 = require_semconv$3();
	const componentCounter = /* @__PURE__ */ new Map();
	/**
	* Generates `otel.sdk.metric_reader.*` self-observability metrics.
	* https://opentelemetry.io/docs/specs/semconv/otel/sdk-metrics/#metric-otelsdkmetric_readercollectionduration
	*/
	var MetricReaderMetrics = class {
		collectionDuration;
		standardAttrs;
		constructor(componentType, meter) {
			const counter = componentCounter.get(componentType) ?? 0;
			componentCounter.set(componentType, counter + 1);
			this.standardAttrs = {
				[semconv_1.ATTR_OTEL_COMPONENT_TYPE]: componentType,
				[semconv_1.ATTR_OTEL_COMPONENT_NAME]: `${componentType}/${counter}`
			};
			this.collectionDuration = meter.createHistogram(semconv_1.METRIC_OTEL_SDK_METRIC_READER_COLLECTION_DURATION, {
				unit: "s",
				description: "The duration of the collect operation of the metric reader.",
				advice: { explicitBucketBoundaries: [] }
			});
		}
		recordCollection(durationSecs, error) {
			const attrs = error ? {
				...this.standardAttrs,
				[semconv_1.ATTR_ERROR_TYPE]: error
			} : this.standardAttrs;
			this.collectionDuration.record(durationSecs, attrs);
		}
	};
	exports.MetricReaderMetrics = MetricReaderMetrics;
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/version.js
var require_version$1 = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.VERSION = void 0;
	exports.VERSION = "2.12.0";
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/export/MetricReader.js
var require_MetricReader = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.MetricReader = void 0;
	const api = (init_esm$1(), __toCommonJS(esm_exports$1));
	const utils_1 = require_utils$4();
	const AggregationSelector_1 = require_AggregationSelector();
	const MetricReaderMetrics_1 = require_MetricReaderMetrics();
	const version_1 = require_version$1();
	const core_1 = require_src$6();
	/**
	* A registered reader of metrics that, when linked to a {@link MetricProducer}, offers global
	* control over metrics.
	*/
	var MetricReader = class {
		_shutdown = false;
		_metricProducers;
		_sdkMetricProducer;
		_selfObsMetrics;
		_aggregationTemporalitySelector;
		_aggregationSelector;
		_cardinalitySelector;
		_otelComponentType;
		constructor(options) {
			this._aggregationSelector = options?.aggregationSelector ?? AggregationSelector_1.DEFAULT_AGGREGATION_SELECTOR;
			this._aggregationTemporalitySelector = options?.aggregationTemporalitySelector ?? AggregationSelector_1.DEFAULT_AGGREGATION_TEMPORALITY_SELECTOR;
			this._metricProducers = options?.metricProducers ?? [];
			this._cardinalitySelector = options?.cardinalitySelector;
			this._otelComponentType = options?.otelComponentType ?? this.constructor.name;
			this._selfObsMetrics = new MetricReaderMetrics_1.MetricReaderMetrics(this._otelComponentType, api.createNoopMeter());
		}
		setMetricProducer(metricProducer) {
			if (this._sdkMetricProducer) throw new Error("MetricReader can not be bound to a MeterProvider again.");
			this._sdkMetricProducer = metricProducer;
			this.onInitialized();
		}
		_setSelfObsMeterProvider(meterProvider) {
			const meter = meterProvider.getMeter("@opentelemetry/sdk-metrics", version_1.VERSION);
			this._selfObsMetrics = new MetricReaderMetrics_1.MetricReaderMetrics(this._otelComponentType, meter);
		}
		selectAggregation(instrumentType) {
			return this._aggregationSelector(instrumentType);
		}
		selectAggregationTemporality(instrumentType) {
			return this._aggregationTemporalitySelector(instrumentType);
		}
		selectCardinalityLimit(instrumentType) {
			return this._cardinalitySelector ? this._cardinalitySelector(instrumentType) : 2e3;
		}
		/**
		* Handle once the SDK has initialized this {@link MetricReader}
		* Overriding this method is optional.
		*/
		onInitialized() {}
		async collect(options) {
			if (this._sdkMetricProducer === void 0) throw new Error("MetricReader is not bound to a MetricProducer");
			if (this._shutdown) throw new Error("MetricReader is shutdown");
			const startTime = (0, core_1.hrTime)();
			const [sdkCollectionResults, ...additionalCollectionResults] = await Promise.all([this._sdkMetricProducer.collect({ timeoutMillis: options?.timeoutMillis }), ...this._metricProducers.map((producer) => producer.collect({ timeoutMillis: options?.timeoutMillis }))]);
			const endTime = (0, core_1.hrTime)();
			const errors = sdkCollectionResults.errors.concat(additionalCollectionResults.flatMap((result) => result.errors));
			const collectDuration = (0, core_1.hrTimeToSeconds)((0, core_1.hrTimeDuration)(startTime, endTime));
			this._selfObsMetrics.recordCollection(collectDuration, errors.length > 0 ? errors[0].name ?? "collect_error" : void 0);
			return {
				resourceMetrics: {
					resource: sdkCollectionResults.resourceMetrics.resource,
					scopeMetrics: sdkCollectionResults.resourceMetrics.scopeMetrics.concat(additionalCollectionResults.flatMap((result) => result.resourceMetrics.scopeMetrics))
				},
				errors
			};
		}
		async shutdown(options) {
			if (this._shutdown) {
				api.diag.error("Cannot call shutdown twice.");
				return;
			}
			if (options?.timeoutMillis == null) await this.onShutdown();
			else await (0, utils_1.callWithTimeout)(this.onShutdown(), options.timeoutMillis);
			this._shutdown = true;
		}
		async forceFlush(options) {
			if (this._shutdown) {
				api.diag.warn("Cannot forceFlush on already shutdown MetricReader.");
				return;
			}
			if (options?.timeoutMillis == null) {
				await this.onForceFlush();
				return;
			}
			await (0, utils_1.callWithTimeout)(this.onForceFlush(), options.timeoutMillis);
		}
	};
	exports.MetricReader = MetricReader;
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/export/MetricDataSplitter.js
var require_MetricDataSplitter = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.splitMetricData = void 0;
	/**
	* Splits a ResourceMetrics object into smaller ResourceMetrics objects
	* such that no batch exceeds maxExportBatchSize data points.
	* @param resourceMetrics The metrics to split.
	* @param maxExportBatchSize The maximum number of data points per batch.
	* @internal
	*/
	function splitMetricData(resourceMetrics, maxExportBatchSize) {
		if (!Number.isInteger(maxExportBatchSize) || maxExportBatchSize <= 0) throw new Error("maxExportBatchSize must be a positive integer");
		const batches = [];
		let currentBatchPoints = 0;
		let currentScopeMetrics = [];
		function flush() {
			if (currentScopeMetrics.length > 0) {
				batches.push({
					resource: resourceMetrics.resource,
					scopeMetrics: currentScopeMetrics
				});
				currentScopeMetrics = [];
				currentBatchPoints = 0;
			}
		}
		for (const scopeMetric of resourceMetrics.scopeMetrics) {
			let scopeMetricCopy = null;
			for (const metric of scopeMetric.metrics) {
				const dataPoints = metric.dataPoints;
				if (dataPoints.length === 0) {
					if (!scopeMetricCopy) {
						scopeMetricCopy = {
							scope: scopeMetric.scope,
							metrics: []
						};
						currentScopeMetrics.push(scopeMetricCopy);
					}
					scopeMetricCopy.metrics.push(metric);
					continue;
				}
				let offset = 0;
				while (offset < dataPoints.length) {
					const spaceLeft = maxExportBatchSize - currentBatchPoints;
					const take = Math.min(spaceLeft, dataPoints.length - offset);
					if (!scopeMetricCopy) {
						scopeMetricCopy = {
							scope: scopeMetric.scope,
							metrics: []
						};
						currentScopeMetrics.push(scopeMetricCopy);
					}
					const metricCopy = {
						...metric,
						dataPoints: dataPoints.slice(offset, offset + take)
					};
					scopeMetricCopy.metrics.push(metricCopy);
					offset += take;
					currentBatchPoints += take;
					if (currentBatchPoints === maxExportBatchSize) {
						flush();
						scopeMetricCopy = null;
					}
				}
			}
		}
		flush();
		return batches;
	}
	exports.splitMetricData = splitMetricData;
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/export/PeriodicExportingMetricReader.js
var require_PeriodicExportingMetricReader = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.PeriodicExportingMetricReader = void 0;
	const api = (init_esm$1(), __toCommonJS(esm_exports$1));
	const core_1 = require_src$6();
	const MetricReader_1 = require_MetricReader();
	const utils_1 = require_utils$4();
	const MetricData_1 = require_MetricData();
	const MetricDataSplitter_1 = require_MetricDataSplitter();
	const semconv_1 = require_semconv$3();
	/**
	* {@link MetricReader} which collects metrics based on a user-configurable time interval, and passes the metrics to
	* the configured {@link PushMetricExporter}
	*/
	var PeriodicExportingMetricReader = class extends MetricReader_1.MetricReader {
		_interval;
		_exporter;
		_exportInterval;
		_exportTimeout;
		_maxExportBatchSize;
		_ongoingExportPromise = null;
		constructor(options) {
			const { exporter, exportIntervalMillis = 6e4, metricProducers, cardinalityLimits, maxExportBatchSize } = options;
			let { exportTimeoutMillis = 3e4 } = options;
			super({
				aggregationSelector: exporter.selectAggregation?.bind(exporter),
				aggregationTemporalitySelector: exporter.selectAggregationTemporality?.bind(exporter),
				otelComponentType: semconv_1.OTEL_COMPONENT_TYPE_VALUE_PERIODIC_METRIC_READER,
				metricProducers,
				cardinalitySelector: (instrumentType) => {
					const limits = {
						default: 2e3,
						...cardinalityLimits
					};
					switch (instrumentType) {
						case MetricData_1.InstrumentType.COUNTER: return limits.counter ?? limits.default;
						case MetricData_1.InstrumentType.GAUGE: return limits.gauge ?? limits.default;
						case MetricData_1.InstrumentType.HISTOGRAM: return limits.histogram ?? limits.default;
						case MetricData_1.InstrumentType.OBSERVABLE_COUNTER: return limits.observableCounter ?? limits.default;
						case MetricData_1.InstrumentType.OBSERVABLE_UP_DOWN_COUNTER: return limits.observableUpDownCounter ?? limits.default;
						case MetricData_1.InstrumentType.OBSERVABLE_GAUGE: return limits.observableGauge ?? limits.default;
						case MetricData_1.InstrumentType.UP_DOWN_COUNTER: return limits.upDownCounter ?? limits.default;
						default: return limits.default;
					}
				}
			});
			if (exportIntervalMillis <= 0) throw Error("exportIntervalMillis must be greater than 0");
			if (exportTimeoutMillis <= 0) throw Error("exportTimeoutMillis must be greater than 0");
			if (maxExportBatchSize !== void 0 && (!Number.isInteger(maxExportBatchSize) || maxExportBatchSize <= 0)) throw Error("maxExportBatchSize must be a positive integer");
			if (exportIntervalMillis < exportTimeoutMillis) {
				if ("exportIntervalMillis" in options && "exportTimeoutMillis" in options) throw Error("exportIntervalMillis must be greater than or equal to exportTimeoutMillis");
				else {
					api.diag.info(`Timeout of ${exportTimeoutMillis} exceeds the interval of ${exportIntervalMillis}. Clamping timeout to interval duration.`);
					exportTimeoutMillis = exportIntervalMillis;
				}
			}
			this._exportInterval = exportIntervalMillis;
			this._exportTimeout = exportTimeoutMillis;
			this._exporter = exporter;
			this._maxExportBatchSize = maxExportBatchSize;
		}
		async _runOnce() {
			try {
				await this._doRun();
			} catch (err) {
				(0, core_1.globalErrorHandler)(err);
			}
		}
		async _doRun() {
			if (this._ongoingExportPromise) {
				api.diag.debug("PeriodicExportingMetricReader: export already in progress, skipping");
				return;
			}
			const currentRun = async () => {
				const { resourceMetrics, errors } = await this.collect({ timeoutMillis: this._exportTimeout });
				if (errors.length > 0) api.diag.error("PeriodicExportingMetricReader: metrics collection errors", ...errors);
				if (resourceMetrics.resource.asyncAttributesPending) try {
					await resourceMetrics.resource.waitForAsyncAttributes?.();
				} catch (e) {
					api.diag.debug("Error while resolving async portion of resource: ", e);
					(0, core_1.globalErrorHandler)(e);
				}
				if (resourceMetrics.scopeMetrics.length === 0) return;
				const batches = this._maxExportBatchSize ? (0, MetricDataSplitter_1.splitMetricData)(resourceMetrics, this._maxExportBatchSize) : [resourceMetrics];
				let anyErr = null;
				for (const batch of batches) try {
					const result = await (0, utils_1.callWithTimeout)(core_1.internal._export(this._exporter, batch), this._exportTimeout);
					if (result.code !== core_1.ExportResultCode.SUCCESS) anyErr = /* @__PURE__ */ new Error(`PeriodicExportingMetricReader: metrics export failed (error ${result.error})`);
				} catch (e) {
					if (e instanceof utils_1.TimeoutError) {
						api.diag.error(`PeriodicExportingMetricReader: metrics export timed out after ${this._exportTimeout}ms`);
						break;
					} else {
						api.diag.error("PeriodicExportingMetricReader: metrics export threw error", e);
						anyErr = e instanceof Error ? e : new Error(String(e));
					}
				}
				if (anyErr) throw anyErr;
			};
			this._ongoingExportPromise = currentRun();
			try {
				await this._ongoingExportPromise;
			} finally {
				this._ongoingExportPromise = null;
			}
		}
		onInitialized() {
			this._interval = setInterval(() => {
				this._runOnce();
			}, this._exportInterval);
			if (typeof this._interval !== "number") this._interval.unref();
		}
		async onForceFlush() {
			await this._awaitOngoingExport();
			if (this._ongoingExportPromise) await this._awaitOngoingExport();
			else await this._runOnce();
			await this._exporter.forceFlush();
		}
		/**
		* Helper function to wait for an ongoing export to complete.
		* Errors are swallowed and handled by the original _runOnce().
		*/
		async _awaitOngoingExport() {
			if (this._ongoingExportPromise) {
				api.diag.debug("PeriodicExportingMetricReader: export already in progress, awaiting ongoing export");
				try {
					await this._ongoingExportPromise;
				} catch {}
			}
		}
		async onShutdown() {
			if (this._interval) clearInterval(this._interval);
			await this.onForceFlush();
			await this._exporter.shutdown();
		}
	};
	exports.PeriodicExportingMetricReader = PeriodicExportingMetricReader;
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/export/InMemoryMetricExporter.js
var require_InMemoryMetricExporter = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.InMemoryMetricExporter = void 0;
	const core_1 = require_src$6();
	/**
	* In-memory Metrics Exporter is a Push Metric Exporter
	* which accumulates metrics data in the local memory and
	* allows to inspect it (useful for e.g. unit tests).
	*/
	var InMemoryMetricExporter = class {
		_shutdown = false;
		_aggregationTemporality;
		_metrics = [];
		constructor(aggregationTemporality) {
			this._aggregationTemporality = aggregationTemporality;
		}
		/**
		* @inheritedDoc
		*/
		export(metrics, resultCallback) {
			if (this._shutdown) {
				setTimeout(() => resultCallback({ code: core_1.ExportResultCode.FAILED }), 0);
				return;
			}
			this._metrics.push(metrics);
			setTimeout(() => resultCallback({ code: core_1.ExportResultCode.SUCCESS }), 0);
		}
		/**
		* Returns all the collected resource metrics
		* @returns ResourceMetrics[]
		*/
		getMetrics() {
			return this._metrics;
		}
		forceFlush() {
			return Promise.resolve();
		}
		reset() {
			this._metrics = [];
		}
		selectAggregationTemporality(_instrumentType) {
			return this._aggregationTemporality;
		}
		shutdown() {
			this._shutdown = true;
			return Promise.resolve();
		}
	};
	exports.InMemoryMetricExporter = InMemoryMetricExporter;
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/export/ConsoleMetricExporter.js
var require_ConsoleMetricExporter = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.ConsoleMetricExporter = void 0;
	const core_1 = require_src$6();
	const AggregationSelector_1 = require_AggregationSelector();
	exports.ConsoleMetricExporter = class ConsoleMetricExporter {
		_shutdown = false;
		_temporalitySelector;
		constructor(options) {
			this._temporalitySelector = options?.temporalitySelector ?? AggregationSelector_1.DEFAULT_AGGREGATION_TEMPORALITY_SELECTOR;
		}
		export(metrics, resultCallback) {
			if (this._shutdown) {
				resultCallback({ code: core_1.ExportResultCode.FAILED });
				return;
			}
			return ConsoleMetricExporter._sendMetrics(metrics, resultCallback);
		}
		forceFlush() {
			return Promise.resolve();
		}
		selectAggregationTemporality(_instrumentType) {
			return this._temporalitySelector(_instrumentType);
		}
		shutdown() {
			this._shutdown = true;
			return Promise.resolve();
		}
		static _sendMetrics(metrics, done) {
			for (const scopeMetrics of metrics.scopeMetrics) for (const metric of scopeMetrics.metrics) console.dir({
				descriptor: metric.descriptor,
				dataPointType: metric.dataPointType,
				dataPoints: metric.dataPoints
			}, { depth: null });
			done({ code: core_1.ExportResultCode.SUCCESS });
		}
	};
}));
// node_modules/@opentelemetry/resources/build/src/default-service-name.js
var require_default_service_name = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports._clearDefaultServiceNameCache = exports.defaultServiceName = void 0;
	let serviceName;
	/**
	* Returns the default service name for OpenTelemetry resources.
	* In Node.js environments, returns "unknown_service:<process.argv0>".
	* In browser/edge environments, returns "unknown_service".
	*/
	function defaultServiceName() {
		if (serviceName === void 0) try {
			const argv0 = globalThis.process.argv0;
			serviceName = argv0 ? `unknown_service:${argv0}` : "unknown_service";
		} catch {
			serviceName = "unknown_service";
		}
		return serviceName;
	}
	exports.defaultServiceName = defaultServiceName;
	/** @internal For testing purposes only */
	function _clearDefaultServiceNameCache() {
		serviceName = void 0;
	}
	exports._clearDefaultServiceNameCache = _clearDefaultServiceNameCache;
}));
// node_modules/@opentelemetry/resources/build/src/utils.js
var require_utils$3 = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.isPromiseLike = void 0;
	const isPromiseLike = (val) => {
		return val !== null && typeof val === "object" && typeof val.then === "function";
	};
	exports.isPromiseLike = isPromiseLike;
}));
// node_modules/@opentelemetry/resources/build/src/ResourceImpl.js
var require_ResourceImpl = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.defaultResource = exports.emptyResource = exports.resourceFromDetectedResource = exports.resourceFromAttributes = void 0;
	const api_1 = (init_esm$1(), __toCommonJS(esm_exports$1));
	const core_1 = require_src$6();
	const semantic_conventions_1 = require_dist();
	const default_service_name_1 = require_default_service_name();
	const utils_1 = require_utils$3();
	var ResourceImpl = class ResourceImpl {
		_rawAttributes;
		_asyncAttributesPending = false;
		_schemaUrl;
		_memoizedAttributes;
		static FromAttributeList(attributes, options) {
			const res = new ResourceImpl({}, options);
			res._rawAttributes = guardedRawAttributes(attributes);
			res._asyncAttributesPending = attributes.filter(([_, val]) => (0, utils_1.isPromiseLike)(val)).length > 0;
			return res;
		}
		constructor(resource, options) {
			const attributes = resource.attributes ?? {};
			this._rawAttributes = Object.entries(attributes).map(([k, v]) => {
				if ((0, utils_1.isPromiseLike)(v)) this._asyncAttributesPending = true;
				return [k, v];
			});
			this._rawAttributes = guardedRawAttributes(this._rawAttributes);
			this._schemaUrl = validateSchemaUrl(options?.schemaUrl);
		}
		get asyncAttributesPending() {
			return this._asyncAttributesPending;
		}
		async waitForAsyncAttributes() {
			if (!this.asyncAttributesPending) return;
			for (let i = 0; i < this._rawAttributes.length; i++) {
				const [k, v] = this._rawAttributes[i];
				this._rawAttributes[i] = [k, (0, utils_1.isPromiseLike)(v) ? await v : v];
			}
			this._asyncAttributesPending = false;
		}
		get attributes() {
			if (this.asyncAttributesPending) api_1.diag.error("Accessing resource attributes before async attributes settled");
			if (this._memoizedAttributes) return this._memoizedAttributes;
			const attrs = {};
			for (const [k, v] of this._rawAttributes) {
				if ((0, utils_1.isPromiseLike)(v)) {
					api_1.diag.debug(`Unsettled resource attribute ${k} skipped`);
					continue;
				}
				if (v != null) attrs[k] ??= v;
			}
			if (!this._asyncAttributesPending) this._memoizedAttributes = attrs;
			return attrs;
		}
		getRawAttributes() {
			return this._rawAttributes;
		}
		get schemaUrl() {
			return this._schemaUrl;
		}
		merge(resource) {
			if (resource == null) return this;
			const mergedSchemaUrl = mergeSchemaUrl(this, resource);
			const mergedOptions = mergedSchemaUrl ? { schemaUrl: mergedSchemaUrl } : void 0;
			return ResourceImpl.FromAttributeList([...resource.getRawAttributes(), ...this.getRawAttributes()], mergedOptions);
		}
	};
	function resourceFromAttributes(attributes, options) {
		return ResourceImpl.FromAttributeList(Object.entries(attributes), options);
	}
	exports.resourceFromAttributes = resourceFromAttributes;
	function resourceFromDetectedResource(detectedResource, options) {
		return new ResourceImpl(detectedResource, options);
	}
	exports.resourceFromDetectedResource = resourceFromDetectedResource;
	function emptyResource() {
		return resourceFromAttributes({});
	}
	exports.emptyResource = emptyResource;
	function defaultResource() {
		return resourceFromAttributes({
			[semantic_conventions_1.ATTR_SERVICE_NAME]: (0, default_service_name_1.defaultServiceName)(),
			[semantic_conventions_1.ATTR_TELEMETRY_SDK_LANGUAGE]: core_1.SDK_INFO[semantic_conventions_1.ATTR_TELEMETRY_SDK_LANGUAGE],
			[semantic_conventions_1.ATTR_TELEMETRY_SDK_NAME]: core_1.SDK_INFO[semantic_conventions_1.ATTR_TELEMETRY_SDK_NAME],
			[semantic_conventions_1.ATTR_TELEMETRY_SDK_VERSION]: core_1.SDK_INFO[semantic_conventions_1.ATTR_TELEMETRY_SDK_VERSION]
		});
	}
	exports.defaultResource = defaultResource;
	function guardedRawAttributes(attributes) {
		return attributes.map(([k, v]) => {
			if ((0, utils_1.isPromiseLike)(v)) return [k, v.catch((err) => {
				api_1.diag.debug("promise rejection for resource attribute: %s - %s", k, err);
			})];
			return [k, v];
		});
	}
	function validateSchemaUrl(schemaUrl) {
		if (typeof schemaUrl === "string" || schemaUrl === void 0) return schemaUrl;
		api_1.diag.warn("Schema URL must be string or undefined, got %s. Schema URL will be ignored.", schemaUrl);
	}
	function mergeSchemaUrl(old, updating) {
		const oldSchemaUrl = old?.schemaUrl;
		const updatingSchemaUrl = updating?.schemaUrl;
		const isOldEmpty = oldSchemaUrl === void 0 || oldSchemaUrl === "";
		const isUpdatingEmpty = updatingSchemaUrl === void 0 || updatingSchemaUrl === "";
		if (isOldEmpty) return updatingSchemaUrl;
		if (isUpdatingEmpty) return oldSchemaUrl;
		if (oldSchemaUrl === updatingSchemaUrl) return oldSchemaUrl;
		api_1.diag.warn("Schema URL merge conflict: old resource has \"%s\", updating resource has \"%s\". Resulting resource will have undefined Schema URL.", oldSchemaUrl, updatingSchemaUrl);
	}
}));
// node_modules/@opentelemetry/resources/build/src/detect-resources.js
var require_detect_resources = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.detectResources = void 0;
	const api_1 = (init_esm$1(), __toCommonJS(esm_exports$1));
	const ResourceImpl_1 = require_ResourceImpl();
	/**
	* Runs all resource detectors and returns the results merged into a single Resource.
	*
	* @param config Configuration for resource detection
	*/
	const detectResources = (config = {}) => {
		return (config.detectors || []).map((d) => {
			try {
				const resource = (0, ResourceImpl_1.resourceFromDetectedResource)(d.detect(config));
				api_1.diag.debug(`${d.constructor.name} found resource.`, resource);
				return resource;
			} catch (e) {
				api_1.diag.debug(`${d.constructor.name} failed: ${e.message}`);
				return (0, ResourceImpl_1.emptyResource)();
			}
		}).reduce((acc, resource) => acc.merge(resource), (0, ResourceImpl_1.emptyResource)());
	};
	exports.detectResources = detectResources;
}));
// node_modules/@opentelemetry/resources/build/src/detectors/EnvDetector.js
var require_EnvDetector = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.envDetector = void 0;
	const api_1 = (init_esm$1(), __toCommonJS(esm_exports$1));
	const semantic_conventions_1 = require_dist();
	const core_1 = require_src$6();
	/**
	* EnvDetector can be used to detect the presence of and create a Resource
	* from the OTEL_RESOURCE_ATTRIBUTES environment variable.
	*/
	var EnvDetector = class {
		_MAX_LENGTH = 255;
		_COMMA_SEPARATOR = ",";
		_LABEL_KEY_VALUE_SPLITTER = "=";
		/**
		* Returns a {@link Resource} populated with attributes from the
		* OTEL_RESOURCE_ATTRIBUTES environment variable. Note this is an async
		* function to conform to the Detector interface.
		*
		* @param config The resource detection config
		*/
		detect(_config) {
			const attributes = {};
			const rawAttributes = (0, core_1.getStringFromEnv)("OTEL_RESOURCE_ATTRIBUTES");
			const serviceName = (0, core_1.getStringFromEnv)("OTEL_SERVICE_NAME");
			if (rawAttributes) try {
				const parsedAttributes = this._parseResourceAttributes(rawAttributes);
				Object.assign(attributes, parsedAttributes);
			} catch (e) {
				api_1.diag.debug(`EnvDetector failed: ${e instanceof Error ? e.message : e}`);
			}
			if (serviceName) attributes[semantic_conventions_1.ATTR_SERVICE_NAME] = serviceName;
			return { attributes };
		}
		/**
		* Creates an attribute map from the OTEL_RESOURCE_ATTRIBUTES environment
		* variable.
		*
		* OTEL_RESOURCE_ATTRIBUTES: A comma-separated list of attributes in the
		* format "key1=value1,key2=value2". The ',' and '=' characters in keys
		* and values MUST be percent-encoded. Other characters MAY be percent-encoded.
		*
		* Per the spec, on any error (e.g., decoding failure), the entire environment
		* variable value is discarded.
		*
		* @param rawEnvAttributes The resource attributes as a comma-separated list
		* of key/value pairs.
		* @returns The parsed resource attributes.
		* @throws Error if parsing fails (caller handles by discarding all attributes)
		*/
		_parseResourceAttributes(rawEnvAttributes) {
			if (!rawEnvAttributes) return {};
			const attributes = {};
			const rawAttributes = rawEnvAttributes.split(this._COMMA_SEPARATOR).filter((attr) => attr.trim() !== "");
			for (const rawAttribute of rawAttributes) {
				const keyValuePair = rawAttribute.split(this._LABEL_KEY_VALUE_SPLITTER);
				if (keyValuePair.length !== 2) throw new Error(`Invalid format for OTEL_RESOURCE_ATTRIBUTES: "${rawAttribute}". Expected format: key=value. The ',' and '=' characters must be percent-encoded in keys and values.`);
				const [rawKey, rawValue] = keyValuePair;
				const key = rawKey.trim();
				const value = rawValue.trim();
				if (key.length === 0) throw new Error(`Invalid OTEL_RESOURCE_ATTRIBUTES: empty attribute key in "${rawAttribute}".`);
				let decodedKey;
				let decodedValue;
				try {
					decodedKey = decodeURIComponent(key);
					decodedValue = decodeURIComponent(value);
				} catch (e) {
					throw new Error(`Failed to percent-decode OTEL_RESOURCE_ATTRIBUTES entry "${rawAttribute}": ${e instanceof Error ? e.message : e}`, { cause: e });
				}
				if (decodedKey.length > this._MAX_LENGTH) throw new Error(`Attribute key exceeds the maximum length of ${this._MAX_LENGTH} characters: "${decodedKey}".`);
				if (decodedValue.length > this._MAX_LENGTH) throw new Error(`Attribute value exceeds the maximum length of ${this._MAX_LENGTH} characters for key "${decodedKey}".`);
				attributes[decodedKey] = decodedValue;
			}
			return attributes;
		}
	};
	exports.envDetector = new EnvDetector();
}));
// node_modules/@opentelemetry/resources/build/src/semconv.js
var require_semconv$2 = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.ATTR_WEBENGINE_VERSION = exports.ATTR_WEBENGINE_NAME = exports.ATTR_WEBENGINE_DESCRIPTION = exports.ATTR_SERVICE_NAMESPACE = exports.ATTR_SERVICE_INSTANCE_ID = exports.ATTR_PROCESS_RUNTIME_VERSION = exports.ATTR_PROCESS_RUNTIME_NAME = exports.ATTR_PROCESS_RUNTIME_DESCRIPTION = exports.ATTR_PROCESS_PID = exports.ATTR_PROCESS_OWNER = exports.ATTR_PROCESS_EXECUTABLE_PATH = exports.ATTR_PROCESS_EXECUTABLE_NAME = exports.ATTR_PROCESS_COMMAND_ARGS = exports.ATTR_PROCESS_COMMAND = exports.ATTR_OS_VERSION = exports.ATTR_OS_TYPE = exports.ATTR_K8S_POD_NAME = exports.ATTR_K8S_NAMESPACE_NAME = exports.ATTR_K8S_DEPLOYMENT_NAME = exports.ATTR_K8S_CLUSTER_NAME = exports.ATTR_HOST_TYPE = exports.ATTR_HOST_NAME = exports.ATTR_HOST_IMAGE_VERSION = exports.ATTR_HOST_IMAGE_NAME = exports.ATTR_HOST_IMAGE_ID = exports.ATTR_HOST_ID = exports.ATTR_HOST_ARCH = exports.ATTR_CONTAINER_NAME = exports.ATTR_CONTAINER_IMAGE_TAGS = exports.ATTR_CONTAINER_IMAGE_NAME = exports.ATTR_CONTAINER_ID = exports.ATTR_CLOUD_REGION = exports.ATTR_CLOUD_PROVIDER = exports.ATTR_CLOUD_AVAILABILITY_ZONE = exports.ATTR_CLOUD_ACCOUNT_ID = void 0;
	/**
	* The cloud account ID the resource is assigned to.
	*
	* @example 111111111111
	* @example opentelemetry
	*
	* @experimental This attribute is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.ATTR_CLOUD_ACCOUNT_ID = "cloud.account.id";
	/**
	* Cloud regions often have multiple, isolated locations known as zones to increase availability. Availability zone represents the zone where the resource is running.
	*
	* @example us-east-1c
	*
	* @note Availability zones are called "zones" on Alibaba Cloud and Google Cloud.
	*
	* @experimental This attribute is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.ATTR_CLOUD_AVAILABILITY_ZONE = "cloud.availability_zone";
	/**
	* Name of the cloud provider.
	*
	* @experimental This attribute is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.ATTR_CLOUD_PROVIDER = "cloud.provider";
	/**
	* The geographical region the resource is running.
	*
	* @example us-central1
	* @example us-east-1
	*
	* @note Refer to your provider's docs to see the available regions, for example [Alibaba Cloud regions](https://www.alibabacloud.com/help/doc-detail/40654.htm), [AWS regions](https://aws.amazon.com/about-aws/global-infrastructure/regions_az/), [Azure regions](https://azure.microsoft.com/global-infrastructure/geographies/), [Google Cloud regions](https://cloud.google.com/about/locations), or [Tencent Cloud regions](https://www.tencentcloud.com/document/product/213/6091).
	*
	* @experimental This attribute is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.ATTR_CLOUD_REGION = "cloud.region";
	/**
	* Container ID. Usually a UUID, as for example used to [identify Docker containers](https://docs.docker.com/engine/containers/run/#container-identification). The UUID might be abbreviated.
	*
	* @example a3bf90e006b2
	*
	* @experimental This attribute is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.ATTR_CONTAINER_ID = "container.id";
	/**
	* Name of the image the container was built on.
	*
	* @example gcr.io/opentelemetry/operator
	*
	* @experimental This attribute is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.ATTR_CONTAINER_IMAGE_NAME = "container.image.name";
	/**
	* Container image tags. An example can be found in [Docker Image Inspect](https://docs.docker.com/engine/api/v1.43/#tag/Image/operation/ImageInspect). Should be only the `<tag>` section of the full name for example from `registry.example.com/my-org/my-image:<tag>`.
	*
	* @example ["v1.27.1", "3.5.7-0"]
	*
	* @experimental This attribute is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.ATTR_CONTAINER_IMAGE_TAGS = "container.image.tags";
	/**
	* Container name used by container runtime.
	*
	* @example opentelemetry-autoconf
	*
	* @experimental This attribute is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.ATTR_CONTAINER_NAME = "container.name";
	/**
	* The CPU architecture the host system is running on.
	*
	* @experimental This attribute is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.ATTR_HOST_ARCH = "host.arch";
	/**
	* Unique host ID. For Cloud, this must be the instance_id assigned by the cloud provider. For non-containerized systems, this should be the `machine-id`. See the table below for the sources to use to determine the `machine-id` based on operating system.
	*
	* @example fdbf79e8af94cb7f9e8df36789187052
	*
	* @experimental This attribute is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.ATTR_HOST_ID = "host.id";
	/**
	* VM image ID or host OS image ID. For Cloud, this value is from the provider.
	*
	* @example ami-07b06b442921831e5
	*
	* @experimental This attribute is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.ATTR_HOST_IMAGE_ID = "host.image.id";
	/**
	* Name of the VM image or OS install the host was instantiated from.
	*
	* @example infra-ami-eks-worker-node-7d4ec78312
	* @example CentOS-8-x86_64-1905
	*
	* @experimental This attribute is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.ATTR_HOST_IMAGE_NAME = "host.image.name";
	/**
	* The version string of the VM image or host OS as defined in [Version Attributes](/docs/resource/README.md#version-attributes).
	*
	* @example 0.1
	*
	* @experimental This attribute is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.ATTR_HOST_IMAGE_VERSION = "host.image.version";
	/**
	* Name of the host. On Unix systems, it may contain what the hostname command returns, or the fully qualified hostname, or another name specified by the user.
	*
	* @example opentelemetry-test
	*
	* @experimental This attribute is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.ATTR_HOST_NAME = "host.name";
	/**
	* Type of host. For Cloud, this must be the machine type.
	*
	* @example n1-standard-1
	*
	* @experimental This attribute is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.ATTR_HOST_TYPE = "host.type";
	/**
	* The name of the cluster.
	*
	* @example opentelemetry-cluster
	*
	* @experimental This attribute is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.ATTR_K8S_CLUSTER_NAME = "k8s.cluster.name";
	/**
	* The name of the Deployment.
	*
	* @example opentelemetry
	*
	* @experimental This attribute is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.ATTR_K8S_DEPLOYMENT_NAME = "k8s.deployment.name";
	/**
	* The name of the namespace that the pod is running in.
	*
	* @example default
	*
	* @experimental This attribute is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.ATTR_K8S_NAMESPACE_NAME = "k8s.namespace.name";
	/**
	* The name of the Pod.
	*
	* @example opentelemetry-pod-autoconf
	*
	* @experimental This attribute is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.ATTR_K8S_POD_NAME = "k8s.pod.name";
	/**
	* The operating system type.
	*
	* @experimental This attribute is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.ATTR_OS_TYPE = "os.type";
	/**
	* The version string of the operating system as defined in [Version Attributes](/docs/resource/README.md#version-attributes).
	*
	* @example 14.2.1
	* @example 18.04.1
	*
	* @experimental This attribute is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.ATTR_OS_VERSION = "os.version";
	/**
	* The command used to launch the process (i.e. the command name). On Linux based systems, can be set to the zeroth string in `proc/[pid]/cmdline`. On Windows, can be set to the first parameter extracted from `GetCommandLineW`.
	*
	* @example cmd/otelcol
	*
	* @experimental This attribute is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.ATTR_PROCESS_COMMAND = "process.command";
	/**
	* All the command arguments (including the command/executable itself) as received by the process. On Linux-based systems (and some other Unixoid systems supporting procfs), can be set according to the list of null-delimited strings extracted from `proc/[pid]/cmdline`. For libc-based executables, this would be the full argv vector passed to `main`.
	*
	* @example ["cmd/otecol", "--config=config.yaml"]
	*
	* @experimental This attribute is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.ATTR_PROCESS_COMMAND_ARGS = "process.command_args";
	/**
	* The name of the process executable. On Linux based systems, this **SHOULD** be set to the base name of the target of `/proc/[pid]/exe`. On Windows, this **SHOULD** be set to the base name of `GetProcessImageFileNameW`.
	*
	* @example otelcol
	*
	* @experimental This attribute is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.ATTR_PROCESS_EXECUTABLE_NAME = "process.executable.name";
	/**
	* The full path to the process executable. On Linux based systems, can be set to the target of `proc/[pid]/exe`. On Windows, can be set to the result of `GetProcessImageFileNameW`.
	*
	* @example /usr/bin/cmd/otelcol
	*
	* @experimental This attribute is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.ATTR_PROCESS_EXECUTABLE_PATH = "process.executable.path";
	/**
	* The username of the user that owns the process.
	*
	* @example root
	*
	* @experimental This attribute is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.ATTR_PROCESS_OWNER = "process.owner";
	/**
	* Process identifier (PID).
	*
	* @example 1234
	*
	* @experimental This attribute is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.ATTR_PROCESS_PID = "process.pid";
	/**
	* An additional description about the runtime of the process, for example a specific vendor customization of the runtime environment.
	*
	* @example "Eclipse OpenJ9 Eclipse OpenJ9 VM openj9-0.21.0"
	*
	* @experimental This attribute is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.ATTR_PROCESS_RUNTIME_DESCRIPTION = "process.runtime.description";
	/**
	* The name of the runtime of this process.
	*
	* @example OpenJDK Runtime Environment
	*
	* @experimental This attribute is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.ATTR_PROCESS_RUNTIME_NAME = "process.runtime.name";
	/**
	* The version of the runtime of this process, as returned by the runtime without modification.
	*
	* @example "14.0.2"
	*
	* @experimental This attribute is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.ATTR_PROCESS_RUNTIME_VERSION = "process.runtime.version";
	/**
	* The string ID of the service instance.
	*
	* @example 627cc493-f310-47de-96bd-71410b7dec09
	*
	* @note **MUST** be unique for each instance of the same `service.namespace,service.name` pair (in other words
	* `service.namespace,service.name,service.instance.id` triplet **MUST** be globally unique). The ID helps to
	* distinguish instances of the same service that exist at the same time (e.g. instances of a horizontally scaled
	* service).
	*
	* Implementations, such as SDKs, are recommended to generate a random Version 1 or Version 4 [RFC
	* 4122](https://www.ietf.org/rfc/rfc4122.txt) UUID, but are free to use an inherent unique ID as the source of
	* this value if stability is desirable. In that case, the ID **SHOULD** be used as source of a UUID Version 5 and
	* **SHOULD** use the following UUID as the namespace: `4d63009a-8d0f-11ee-aad7-4c796ed8e320`.
	*
	* UUIDs are typically recommended, as only an opaque value for the purposes of identifying a service instance is
	* needed. Similar to what can be seen in the man page for the
	* [`/etc/machine-id`](https://www.freedesktop.org/software/systemd/man/latest/machine-id.html) file, the underlying
	* data, such as pod name and namespace should be treated as confidential, being the user's choice to expose it
	* or not via another resource attribute.
	*
	* For applications running behind an application server (like unicorn), we do not recommend using one identifier
	* for all processes participating in the application. Instead, it's recommended each division (e.g. a worker
	* thread in unicorn) to have its own instance.id.
	*
	* It's not recommended for a Collector to set `service.instance.id` if it can't unambiguously determine the
	* service instance that is generating that telemetry. For instance, creating an UUID based on `pod.name` will
	* likely be wrong, as the Collector might not know from which container within that pod the telemetry originated.
	* However, Collectors can set the `service.instance.id` if they can unambiguously determine the service instance
	* for that telemetry. This is typically the case for scraping receivers, as they know the target address and
	* port.
	*
	* @experimental This attribute is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.ATTR_SERVICE_INSTANCE_ID = "service.instance.id";
	/**
	* A namespace for `service.name`.
	*
	* @example Shop
	*
	* @note A string value having a meaning that helps to distinguish a group of services, for example the team name that owns a group of services. `service.name` is expected to be unique within the same namespace. If `service.namespace` is not specified in the Resource then `service.name` is expected to be unique for all services that have no explicit namespace defined (so the empty/unspecified namespace is simply one more valid namespace). Zero-length namespace string is assumed equal to unspecified namespace.
	*
	* @experimental This attribute is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.ATTR_SERVICE_NAMESPACE = "service.namespace";
	/**
	* Additional description of the web engine (e.g. detailed version and edition information).
	*
	* @example WildFly Full 21.0.0.Final (WildFly Core 13.0.1.Final) - 2.2.2.Final
	*
	* @experimental This attribute is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.ATTR_WEBENGINE_DESCRIPTION = "webengine.description";
	/**
	* The name of the web engine.
	*
	* @example WildFly
	*
	* @experimental This attribute is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.ATTR_WEBENGINE_NAME = "webengine.name";
	/**
	* The version of the web engine.
	*
	* @example 21.0.0
	*
	* @experimental This attribute is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.ATTR_WEBENGINE_VERSION = "webengine.version";
}));
// node_modules/@opentelemetry/resources/build/src/detectors/platform/node/machine-id/getMachineId.js
var require_getMachineId = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.getMachineId = void 0;
	const process = __require("process");
	let getMachineIdImpl;
	async function getMachineId() {
		if (!getMachineIdImpl) switch (process.platform) {
			case "darwin":
				getMachineIdImpl = (await import("./getMachineId-darwin-CqbsudGl.js").then((m) => /* @__PURE__ */ __toESM(m.default))).getMachineId;
				break;
			case "linux":
				getMachineIdImpl = (await import("./getMachineId-linux-CumDNs_E.js").then((m) => /* @__PURE__ */ __toESM(m.default))).getMachineId;
				break;
			case "freebsd":
				getMachineIdImpl = (await import("./getMachineId-bsd-BGV9pIme.js").then((m) => /* @__PURE__ */ __toESM(m.default))).getMachineId;
				break;
			case "win32":
				getMachineIdImpl = (await import("./getMachineId-win-Bl-DTOBf.js").then((m) => /* @__PURE__ */ __toESM(m.default))).getMachineId;
				break;
			default: getMachineIdImpl = (await import("./getMachineId-unsupported-DIucG4l5.js").then((m) => /* @__PURE__ */ __toESM(m.default))).getMachineId;
		}
		return getMachineIdImpl();
	}
	exports.getMachineId = getMachineId;
}));
// node_modules/@opentelemetry/resources/build/src/detectors/platform/node/utils.js
var require_utils$2 = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.normalizeType = exports.normalizeArch = void 0;
	const normalizeArch = (nodeArchString) => {
		switch (nodeArchString) {
			case "arm": return "arm32";
			case "ppc": return "ppc32";
			case "x64": return "amd64";
			default: return nodeArchString;
		}
	};
	exports.normalizeArch = normalizeArch;
	const normalizeType = (nodePlatform) => {
		switch (nodePlatform) {
			case "sunos": return "solaris";
			case "win32": return "windows";
			default: return nodePlatform;
		}
	};
	exports.normalizeType = normalizeType;
}));
// node_modules/@opentelemetry/resources/build/src/detectors/platform/node/HostDetector.js
var require_HostDetector = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.hostDetector = void 0;
	const semconv_1 = require_semconv$2();
	const os_1 = __require("os");
	const getMachineId_1 = require_getMachineId();
	const utils_1 = require_utils$2();
	/**
	* HostDetector detects the resources related to the host current process is
	* running on. Currently only non-cloud-based attributes are included.
	*/
	var HostDetector = class {
		detect(_config) {
			return { attributes: {
				[semconv_1.ATTR_HOST_NAME]: (0, os_1.hostname)(),
				[semconv_1.ATTR_HOST_ARCH]: (0, utils_1.normalizeArch)((0, os_1.arch)()),
				[semconv_1.ATTR_HOST_ID]: (0, getMachineId_1.getMachineId)()
			} };
		}
	};
	exports.hostDetector = new HostDetector();
}));
// node_modules/@opentelemetry/resources/build/src/detectors/platform/node/OSDetector.js
var require_OSDetector = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.osDetector = void 0;
	const semconv_1 = require_semconv$2();
	const os_1 = __require("os");
	const utils_1 = require_utils$2();
	/**
	* OSDetector detects the resources related to the operating system (OS) on
	* which the process represented by this resource is running.
	*/
	var OSDetector = class {
		detect(_config) {
			return { attributes: {
				[semconv_1.ATTR_OS_TYPE]: (0, utils_1.normalizeType)((0, os_1.platform)()),
				[semconv_1.ATTR_OS_VERSION]: (0, os_1.release)()
			} };
		}
	};
	exports.osDetector = new OSDetector();
}));
// node_modules/@opentelemetry/resources/build/src/detectors/platform/node/ProcessDetector.js
var require_ProcessDetector = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.processDetector = void 0;
	const api_1 = (init_esm$1(), __toCommonJS(esm_exports$1));
	const semconv_1 = require_semconv$2();
	const os = __require("os");
	/**
	* ProcessDetector will be used to detect the resources related current process running
	* and being instrumented from the NodeJS Process module.
	*/
	var ProcessDetector = class {
		detect(_config) {
			const attributes = {
				[semconv_1.ATTR_PROCESS_PID]: process.pid,
				[semconv_1.ATTR_PROCESS_EXECUTABLE_NAME]: process.title,
				[semconv_1.ATTR_PROCESS_EXECUTABLE_PATH]: process.execPath,
				[semconv_1.ATTR_PROCESS_COMMAND_ARGS]: [
					process.argv[0],
					...process.execArgv,
					...process.argv.slice(1)
				],
				[semconv_1.ATTR_PROCESS_RUNTIME_VERSION]: process.versions.node,
				[semconv_1.ATTR_PROCESS_RUNTIME_NAME]: "nodejs",
				[semconv_1.ATTR_PROCESS_RUNTIME_DESCRIPTION]: "Node.js"
			};
			if (process.argv.length > 1) attributes[semconv_1.ATTR_PROCESS_COMMAND] = process.argv[1];
			try {
				const userInfo = os.userInfo();
				attributes[semconv_1.ATTR_PROCESS_OWNER] = userInfo.username;
			} catch (e) {
				api_1.diag.debug(`error obtaining process owner: ${e}`);
			}
			return { attributes };
		}
	};
	exports.processDetector = new ProcessDetector();
}));
// node_modules/@opentelemetry/resources/build/src/detectors/platform/node/ServiceInstanceIdDetector.js
var require_ServiceInstanceIdDetector = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.serviceInstanceIdDetector = void 0;
	const semconv_1 = require_semconv$2();
	const crypto_1 = __require("crypto");
	/**
	* ServiceInstanceIdDetector detects the resources related to the service instance ID.
	*/
	var ServiceInstanceIdDetector = class {
		_serviceInstanceId;
		detect(_config) {
			if (!this._serviceInstanceId) this._serviceInstanceId = (0, crypto_1.randomUUID)();
			return { attributes: { [semconv_1.ATTR_SERVICE_INSTANCE_ID]: this._serviceInstanceId } };
		}
	};
	/**
	* @experimental
	*/
	exports.serviceInstanceIdDetector = new ServiceInstanceIdDetector();
}));
// node_modules/@opentelemetry/resources/build/src/detectors/platform/node/index.js
var require_node$2 = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.serviceInstanceIdDetector = exports.processDetector = exports.osDetector = exports.hostDetector = void 0;
	var HostDetector_1 = require_HostDetector();
	Object.defineProperty(exports, "hostDetector", {
		enumerable: true,
		get: function() {
			return HostDetector_1.hostDetector;
		}
	});
	var OSDetector_1 = require_OSDetector();
	Object.defineProperty(exports, "osDetector", {
		enumerable: true,
		get: function() {
			return OSDetector_1.osDetector;
		}
	});
	var ProcessDetector_1 = require_ProcessDetector();
	Object.defineProperty(exports, "processDetector", {
		enumerable: true,
		get: function() {
			return ProcessDetector_1.processDetector;
		}
	});
	var ServiceInstanceIdDetector_1 = require_ServiceInstanceIdDetector();
	Object.defineProperty(exports, "serviceInstanceIdDetector", {
		enumerable: true,
		get: function() {
			return ServiceInstanceIdDetector_1.serviceInstanceIdDetector;
		}
	});
}));
// node_modules/@opentelemetry/resources/build/src/detectors/platform/index.js
var require_platform$2 = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.serviceInstanceIdDetector = exports.processDetector = exports.osDetector = exports.hostDetector = void 0;
	var node_1 = require_node$2();
	Object.defineProperty(exports, "hostDetector", {
		enumerable: true,
		get: function() {
			return node_1.hostDetector;
		}
	});
	Object.defineProperty(exports, "osDetector", {
		enumerable: true,
		get: function() {
			return node_1.osDetector;
		}
	});
	Object.defineProperty(exports, "processDetector", {
		enumerable: true,
		get: function() {
			return node_1.processDetector;
		}
	});
	Object.defineProperty(exports, "serviceInstanceIdDetector", {
		enumerable: true,
		get: function() {
			return node_1.serviceInstanceIdDetector;
		}
	});
}));
// node_modules/@opentelemetry/resources/build/src/detectors/NoopDetector.js
var require_NoopDetector = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.noopDetector = exports.NoopDetector = void 0;
	var NoopDetector = class {
		detect() {
			return { attributes: {} };
		}
	};
	exports.NoopDetector = NoopDetector;
	exports.noopDetector = new NoopDetector();
}));
// node_modules/@opentelemetry/resources/build/src/detectors/index.js
var require_detectors = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.noopDetector = exports.serviceInstanceIdDetector = exports.processDetector = exports.osDetector = exports.hostDetector = exports.envDetector = void 0;
	var EnvDetector_1 = require_EnvDetector();
	Object.defineProperty(exports, "envDetector", {
		enumerable: true,
		get: function() {
			return EnvDetector_1.envDetector;
		}
	});
	var platform_1 = require_platform$2();
	Object.defineProperty(exports, "hostDetector", {
		enumerable: true,
		get: function() {
			return platform_1.hostDetector;
		}
	});
	Object.defineProperty(exports, "osDetector", {
		enumerable: true,
		get: function() {
			return platform_1.osDetector;
		}
	});
	Object.defineProperty(exports, "processDetector", {
		enumerable: true,
		get: function() {
			return platform_1.processDetector;
		}
	});
	Object.defineProperty(exports, "serviceInstanceIdDetector", {
		enumerable: true,
		get: function() {
			return platform_1.serviceInstanceIdDetector;
		}
	});
	var NoopDetector_1 = require_NoopDetector();
	Object.defineProperty(exports, "noopDetector", {
		enumerable: true,
		get: function() {
			return NoopDetector_1.noopDetector;
		}
	});
}));
// node_modules/@opentelemetry/resources/build/src/index.js
var require_src$4 = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.defaultServiceName = exports.emptyResource = exports.defaultResource = exports.resourceFromAttributes = exports.serviceInstanceIdDetector = exports.processDetector = exports.osDetector = exports.hostDetector = exports.envDetector = exports.detectResources = void 0;
	var detect_resources_1 = require_detect_resources();
	Object.defineProperty(exports, "detectResources", {
		enumerable: true,
		get: function() {
			return detect_resources_1.detectResources;
		}
	});
	var detectors_1 = require_detectors();
	Object.defineProperty(exports, "envDetector", {
		enumerable: true,
		get: function() {
			return detectors_1.envDetector;
		}
	});
	Object.defineProperty(exports, "hostDetector", {
		enumerable: true,
		get: function() {
			return detectors_1.hostDetector;
		}
	});
	Object.defineProperty(exports, "osDetector", {
		enumerable: true,
		get: function() {
			return detectors_1.osDetector;
		}
	});
	Object.defineProperty(exports, "processDetector", {
		enumerable: true,
		get: function() {
			return detectors_1.processDetector;
		}
	});
	Object.defineProperty(exports, "serviceInstanceIdDetector", {
		enumerable: true,
		get: function() {
			return detectors_1.serviceInstanceIdDetector;
		}
	});
	var ResourceImpl_1 = require_ResourceImpl();
	Object.defineProperty(exports, "resourceFromAttributes", {
		enumerable: true,
		get: function() {
			return ResourceImpl_1.resourceFromAttributes;
		}
	});
	Object.defineProperty(exports, "defaultResource", {
		enumerable: true,
		get: function() {
			return ResourceImpl_1.defaultResource;
		}
	});
	Object.defineProperty(exports, "emptyResource", {
		enumerable: true,
		get: function() {
			return ResourceImpl_1.emptyResource;
		}
	});
	var default_service_name_1 = require_default_service_name();
	Object.defineProperty(exports, "defaultServiceName", {
		enumerable: true,
		get: function() {
			return default_service_name_1.defaultServiceName;
		}
	});
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/view/ViewRegistry.js
var require_ViewRegistry = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.ViewRegistry = void 0;
	var ViewRegistry = class {
		_registeredViews = [];
		addView(view) {
			this._registeredViews.push(view);
		}
		findViews(instrument, meter) {
			return this._registeredViews.filter((registeredView) => {
				return this._matchInstrument(registeredView.instrumentSelector, instrument) && this._matchMeter(registeredView.meterSelector, meter);
			});
		}
		_matchInstrument(selector, instrument) {
			return (selector.getType() === void 0 || instrument.type === selector.getType()) && selector.getNameFilter().match(instrument.name) && selector.getUnitFilter().match(instrument.unit);
		}
		_matchMeter(selector, meter) {
			return selector.getNameFilter().match(meter.name) && (meter.version === void 0 || selector.getVersionFilter().match(meter.version)) && (meter.schemaUrl === void 0 || selector.getSchemaUrlFilter().match(meter.schemaUrl));
		}
	};
	exports.ViewRegistry = ViewRegistry;
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/InstrumentDescriptor.js
var require_InstrumentDescriptor = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.isValidName = exports.isDescriptorCompatibleWith = exports.createInstrumentDescriptorWithView = exports.createInstrumentDescriptor = void 0;
	const api_1 = (init_esm$1(), __toCommonJS(esm_exports$1));
	const utils_1 = require_utils$4();
	function createInstrumentDescriptor(name, type, options) {
		if (!isValidName(name)) api_1.diag.warn(`Invalid metric name: "${name}". The metric name should be a ASCII string with a length no greater than 255 characters.`);
		return {
			name,
			type,
			description: options?.description ?? "",
			unit: options?.unit ?? "",
			valueType: options?.valueType ?? api_1.ValueType.DOUBLE,
			advice: options?.advice ?? {}
		};
	}
	exports.createInstrumentDescriptor = createInstrumentDescriptor;
	function createInstrumentDescriptorWithView(view, instrument) {
		return {
			name: view.name ?? instrument.name,
			description: view.description ?? instrument.description,
			type: instrument.type,
			unit: instrument.unit,
			valueType: instrument.valueType,
			advice: instrument.advice
		};
	}
	exports.createInstrumentDescriptorWithView = createInstrumentDescriptorWithView;
	function isDescriptorCompatibleWith(descriptor, otherDescriptor) {
		return (0, utils_1.equalsCaseInsensitive)(descriptor.name, otherDescriptor.name) && descriptor.unit === otherDescriptor.unit && descriptor.type === otherDescriptor.type && descriptor.valueType === otherDescriptor.valueType;
	}
	exports.isDescriptorCompatibleWith = isDescriptorCompatibleWith;
	const NAME_REGEXP = /^[a-z][a-z0-9_.\-/]{0,254}$/i;
	function isValidName(name) {
		return NAME_REGEXP.test(name);
	}
	exports.isValidName = isValidName;
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/Instruments.js
var require_Instruments = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.isObservableInstrument = exports.ObservableUpDownCounterInstrument = exports.ObservableGaugeInstrument = exports.ObservableCounterInstrument = exports.ObservableInstrument = exports.HistogramInstrument = exports.GaugeInstrument = exports.CounterInstrument = exports.UpDownCounterInstrument = exports.SyncInstrument = void 0;
	const api_1 = (init_esm$1(), __toCommonJS(esm_exports$1));
	var SyncInstrument = class {
		_writableMetricStorage;
		_descriptor;
		constructor(writableMetricStorage, descriptor) {
			this._writableMetricStorage = writableMetricStorage;
			this._descriptor = descriptor;
		}
		_record(value, attributes = {}, context) {
			if (typeof value !== "number") {
				api_1.diag.warn(`non-number value provided to metric ${this._descriptor.name}: ${value}`);
				return;
			}
			if (this._descriptor.valueType === api_1.ValueType.INT && !Number.isInteger(value)) {
				api_1.diag.warn(`INT value type cannot accept a floating-point value for ${this._descriptor.name}, ignoring the fractional digits.`);
				value = Math.trunc(value);
				if (!Number.isInteger(value)) return;
			}
			this._writableMetricStorage.record(value, attributes, context, Date.now());
		}
	};
	exports.SyncInstrument = SyncInstrument;
	/**
	* The class implements {@link UpDownCounter} interface.
	*/
	var UpDownCounterInstrument = class extends SyncInstrument {
		/**
		* Increment value of counter by the input. Inputs may be negative.
		*/
		add(value, attributes, ctx) {
			this._record(value, attributes, ctx);
		}
	};
	exports.UpDownCounterInstrument = UpDownCounterInstrument;
	/**
	* The class implements {@link Counter} interface.
	*/
	var CounterInstrument = class extends SyncInstrument {
		/**
		* Increment value of counter by the input. Inputs may not be negative.
		*/
		add(value, attributes, ctx) {
			if (value < 0) {
				api_1.diag.warn(`negative value provided to counter ${this._descriptor.name}: ${value}`);
				return;
			}
			this._record(value, attributes, ctx);
		}
	};
	exports.CounterInstrument = CounterInstrument;
	/**
	* The class implements {@link Gauge} interface.
	*/
	var GaugeInstrument = class extends SyncInstrument {
		/**
		* Records a measurement.
		*/
		record(value, attributes, ctx) {
			this._record(value, attributes, ctx);
		}
	};
	exports.GaugeInstrument = GaugeInstrument;
	/**
	* The class implements {@link Histogram} interface.
	*/
	var HistogramInstrument = class extends SyncInstrument {
		/**
		* Records a measurement. Value of the measurement must not be negative.
		*/
		record(value, attributes, ctx) {
			if (value < 0) {
				api_1.diag.warn(`negative value provided to histogram ${this._descriptor.name}: ${value}`);
				return;
			}
			this._record(value, attributes, ctx);
		}
	};
	exports.HistogramInstrument = HistogramInstrument;
	var ObservableInstrument = class {
		/** @internal */
		_metricStorages;
		/** @internal */
		_descriptor;
		_observableRegistry;
		constructor(descriptor, metricStorages, observableRegistry) {
			this._descriptor = descriptor;
			this._metricStorages = metricStorages;
			this._observableRegistry = observableRegistry;
		}
		/**
		* @see {Observable.addCallback}
		*/
		addCallback(callback) {
			this._observableRegistry.addCallback(callback, this);
		}
		/**
		* @see {Observable.removeCallback}
		*/
		removeCallback(callback) {
			this._observableRegistry.removeCallback(callback, this);
		}
	};
	exports.ObservableInstrument = ObservableInstrument;
	var ObservableCounterInstrument = class extends ObservableInstrument {};
	exports.ObservableCounterInstrument = ObservableCounterInstrument;
	var ObservableGaugeInstrument = class extends ObservableInstrument {};
	exports.ObservableGaugeInstrument = ObservableGaugeInstrument;
	var ObservableUpDownCounterInstrument = class extends ObservableInstrument {};
	exports.ObservableUpDownCounterInstrument = ObservableUpDownCounterInstrument;
	function isObservableInstrument(it) {
		return it instanceof ObservableInstrument;
	}
	exports.isObservableInstrument = isObservableInstrument;
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/Meter.js
var require_Meter = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.Meter = void 0;
	const InstrumentDescriptor_1 = require_InstrumentDescriptor();
	const Instruments_1 = require_Instruments();
	const MetricData_1 = require_MetricData();
	/**
	* This class implements the {@link IMeter} interface.
	*/
	var Meter = class {
		_meterSharedState;
		constructor(meterSharedState) {
			this._meterSharedState = meterSharedState;
		}
		/**
		* Create a {@link Gauge} instrument.
		*/
		createGauge(name, options) {
			const descriptor = (0, InstrumentDescriptor_1.createInstrumentDescriptor)(name, MetricData_1.InstrumentType.GAUGE, options);
			const storage = this._meterSharedState.registerMetricStorage(descriptor);
			return new Instruments_1.GaugeInstrument(storage, descriptor);
		}
		/**
		* Create a {@link Histogram} instrument.
		*/
		createHistogram(name, options) {
			const descriptor = (0, InstrumentDescriptor_1.createInstrumentDescriptor)(name, MetricData_1.InstrumentType.HISTOGRAM, options);
			const storage = this._meterSharedState.registerMetricStorage(descriptor);
			return new Instruments_1.HistogramInstrument(storage, descriptor);
		}
		/**
		* Create a {@link Counter} instrument.
		*/
		createCounter(name, options) {
			const descriptor = (0, InstrumentDescriptor_1.createInstrumentDescriptor)(name, MetricData_1.InstrumentType.COUNTER, options);
			const storage = this._meterSharedState.registerMetricStorage(descriptor);
			return new Instruments_1.CounterInstrument(storage, descriptor);
		}
		/**
		* Create a {@link UpDownCounter} instrument.
		*/
		createUpDownCounter(name, options) {
			const descriptor = (0, InstrumentDescriptor_1.createInstrumentDescriptor)(name, MetricData_1.InstrumentType.UP_DOWN_COUNTER, options);
			const storage = this._meterSharedState.registerMetricStorage(descriptor);
			return new Instruments_1.UpDownCounterInstrument(storage, descriptor);
		}
		/**
		* Create a {@link ObservableGauge} instrument.
		*/
		createObservableGauge(name, options) {
			const descriptor = (0, InstrumentDescriptor_1.createInstrumentDescriptor)(name, MetricData_1.InstrumentType.OBSERVABLE_GAUGE, options);
			const storages = this._meterSharedState.registerAsyncMetricStorage(descriptor);
			return new Instruments_1.ObservableGaugeInstrument(descriptor, storages, this._meterSharedState.observableRegistry);
		}
		/**
		* Create a {@link ObservableCounter} instrument.
		*/
		createObservableCounter(name, options) {
			const descriptor = (0, InstrumentDescriptor_1.createInstrumentDescriptor)(name, MetricData_1.InstrumentType.OBSERVABLE_COUNTER, options);
			const storages = this._meterSharedState.registerAsyncMetricStorage(descriptor);
			return new Instruments_1.ObservableCounterInstrument(descriptor, storages, this._meterSharedState.observableRegistry);
		}
		/**
		* Create a {@link ObservableUpDownCounter} instrument.
		*/
		createObservableUpDownCounter(name, options) {
			const descriptor = (0, InstrumentDescriptor_1.createInstrumentDescriptor)(name, MetricData_1.InstrumentType.OBSERVABLE_UP_DOWN_COUNTER, options);
			const storages = this._meterSharedState.registerAsyncMetricStorage(descriptor);
			return new Instruments_1.ObservableUpDownCounterInstrument(descriptor, storages, this._meterSharedState.observableRegistry);
		}
		/**
		* @see {@link Meter.addBatchObservableCallback}
		*/
		addBatchObservableCallback(callback, observables) {
			this._meterSharedState.observableRegistry.addBatchCallback(callback, observables);
		}
		/**
		* @see {@link Meter.removeBatchObservableCallback}
		*/
		removeBatchObservableCallback(callback, observables) {
			this._meterSharedState.observableRegistry.removeBatchCallback(callback, observables);
		}
	};
	exports.Meter = Meter;
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/state/MetricStorage.js
var require_MetricStorage = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.MetricStorage = void 0;
	const InstrumentDescriptor_1 = require_InstrumentDescriptor();
	/**
	* Internal interface.
	*
	* Represents a storage from which we can collect metrics.
	*/
	var MetricStorage = class {
		_instrumentDescriptor;
		constructor(instrumentDescriptor) {
			this._instrumentDescriptor = instrumentDescriptor;
		}
		getInstrumentDescriptor() {
			return this._instrumentDescriptor;
		}
		updateDescription(description) {
			this._instrumentDescriptor = (0, InstrumentDescriptor_1.createInstrumentDescriptor)(this._instrumentDescriptor.name, this._instrumentDescriptor.type, {
				description,
				valueType: this._instrumentDescriptor.valueType,
				unit: this._instrumentDescriptor.unit,
				advice: this._instrumentDescriptor.advice
			});
		}
	};
	exports.MetricStorage = MetricStorage;
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/state/HashMap.js
var require_HashMap = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.AttributeHashMap = exports.HashMap = void 0;
	const utils_1 = require_utils$4();
	var HashMap = class {
		_valueMap = /* @__PURE__ */ new Map();
		_keyMap = /* @__PURE__ */ new Map();
		_hash;
		constructor(hash) {
			this._hash = hash;
		}
		get(key, hashCode) {
			hashCode ??= this._hash(key);
			return this._valueMap.get(hashCode);
		}
		getOrDefault(key, defaultFactory) {
			const hash = this._hash(key);
			if (this._valueMap.has(hash)) return this._valueMap.get(hash);
			const val = defaultFactory();
			if (!this._keyMap.has(hash)) this._keyMap.set(hash, key);
			this._valueMap.set(hash, val);
			return val;
		}
		set(key, value, hashCode) {
			hashCode ??= this._hash(key);
			if (!this._keyMap.has(hashCode)) this._keyMap.set(hashCode, key);
			this._valueMap.set(hashCode, value);
		}
		has(key, hashCode) {
			hashCode ??= this._hash(key);
			return this._valueMap.has(hashCode);
		}
		*keys() {
			const keyIterator = this._keyMap.entries();
			let next = keyIterator.next();
			while (next.done !== true) {
				yield [next.value[1], next.value[0]];
				next = keyIterator.next();
			}
		}
		*entries() {
			const valueIterator = this._valueMap.entries();
			let next = valueIterator.next();
			while (next.done !== true) {
				yield [
					this._keyMap.get(next.value[0]),
					next.value[1],
					next.value[0]
				];
				next = valueIterator.next();
			}
		}
		get size() {
			return this._valueMap.size;
		}
	};
	exports.HashMap = HashMap;
	var AttributeHashMap = class extends HashMap {
		constructor() {
			super(utils_1.hashAttributes);
		}
	};
	exports.AttributeHashMap = AttributeHashMap;
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/state/DeltaMetricProcessor.js
var require_DeltaMetricProcessor = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.DeltaMetricProcessor = void 0;
	const core_1 = require_src$6();
	const utils_1 = require_utils$4();
	const HashMap_1 = require_HashMap();
	/**
	* Internal interface.
	*
	* Allows synchronous collection of metrics. This processor should allow
	* allocation of new aggregation cells for metrics and convert cumulative
	* recording to delta data points.
	*/
	var DeltaMetricProcessor = class {
		_activeCollectionStorage = new HashMap_1.AttributeHashMap();
		_cumulativeMemoStorage = new HashMap_1.AttributeHashMap();
		_cardinalityLimit;
		_overflowAttributes = { "otel.metric.overflow": true };
		_overflowHashCode;
		_aggregator;
		constructor(aggregator, aggregationCardinalityLimit) {
			this._aggregator = aggregator;
			this._cardinalityLimit = (aggregationCardinalityLimit ?? 2e3) - 1;
			this._overflowHashCode = (0, utils_1.hashAttributes)(this._overflowAttributes);
		}
		record(value, attributes, collectionTime) {
			let accumulation = this._activeCollectionStorage.get(attributes);
			if (!accumulation) {
				const hrTime = (0, core_1.millisToHrTime)(collectionTime);
				if (this._activeCollectionStorage.size >= this._cardinalityLimit) {
					this._activeCollectionStorage.getOrDefault(this._overflowAttributes, () => this._aggregator.createAccumulation(hrTime))?.record(value);
					return;
				}
				accumulation = this._aggregator.createAccumulation(hrTime);
				this._activeCollectionStorage.set(attributes, accumulation);
			}
			accumulation?.record(value);
		}
		batchCumulate(measurements, collectionTime) {
			for (const [originalAttributes, value, originalHashCode] of measurements.entries()) {
				let attributes = originalAttributes;
				let hashCode = originalHashCode;
				const accumulation = this._aggregator.createAccumulation(collectionTime);
				accumulation?.record(value);
				let delta = accumulation;
				if (this._cumulativeMemoStorage.has(attributes, hashCode)) {
					const previous = this._cumulativeMemoStorage.get(attributes, hashCode);
					delta = this._aggregator.diff(previous, accumulation);
				} else if (this._cumulativeMemoStorage.size >= this._cardinalityLimit) {
					attributes = this._overflowAttributes;
					hashCode = this._overflowHashCode;
					if (this._cumulativeMemoStorage.has(attributes, hashCode)) {
						const previous = this._cumulativeMemoStorage.get(attributes, hashCode);
						delta = this._aggregator.diff(previous, accumulation);
					}
				}
				if (this._activeCollectionStorage.has(attributes, hashCode)) {
					const active = this._activeCollectionStorage.get(attributes, hashCode);
					delta = this._aggregator.merge(active, delta);
				}
				this._cumulativeMemoStorage.set(attributes, accumulation, hashCode);
				this._activeCollectionStorage.set(attributes, delta, hashCode);
			}
		}
		/**
		* Returns a collection of delta metrics. Start time is the when first
		* time event collected.
		*/
		collect() {
			const unreportedDelta = this._activeCollectionStorage;
			this._activeCollectionStorage = new HashMap_1.AttributeHashMap();
			return unreportedDelta;
		}
	};
	exports.DeltaMetricProcessor = DeltaMetricProcessor;
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/state/TemporalMetricProcessor.js
var require_TemporalMetricProcessor = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.TemporalMetricProcessor = void 0;
	const AggregationTemporality_1 = require_AggregationTemporality();
	const HashMap_1 = require_HashMap();
	exports.TemporalMetricProcessor = class TemporalMetricProcessor {
		_aggregator;
		_unreportedAccumulations = /* @__PURE__ */ new Map();
		_reportHistory = /* @__PURE__ */ new Map();
		constructor(aggregator, collectorHandles) {
			this._aggregator = aggregator;
			collectorHandles.forEach((handle) => {
				this._unreportedAccumulations.set(handle, []);
			});
		}
		/**
		* Builds the {@link MetricData} streams to report against a specific MetricCollector.
		* @param collector The information of the MetricCollector.
		* @param collectors The registered collectors.
		* @param instrumentDescriptor The instrumentation descriptor that these metrics generated with.
		* @param currentAccumulations The current accumulation of metric data from instruments.
		* @param collectionTime The current collection timestamp.
		* @returns The {@link MetricData} points or `null`.
		*/
		buildMetrics(collector, instrumentDescriptor, currentAccumulations, collectionTime) {
			this._stashAccumulations(currentAccumulations);
			const unreportedAccumulations = this._getMergedUnreportedAccumulations(collector);
			let result = unreportedAccumulations;
			let aggregationTemporality;
			if (this._reportHistory.has(collector)) {
				const last = this._reportHistory.get(collector);
				const lastCollectionTime = last.collectionTime;
				aggregationTemporality = last.aggregationTemporality;
				if (aggregationTemporality === AggregationTemporality_1.AggregationTemporality.CUMULATIVE) result = TemporalMetricProcessor.merge(last.accumulations, unreportedAccumulations, this._aggregator);
				else result = TemporalMetricProcessor.calibrateStartTime(last.accumulations, unreportedAccumulations, lastCollectionTime);
			} else aggregationTemporality = collector.selectAggregationTemporality(instrumentDescriptor.type);
			this._reportHistory.set(collector, {
				accumulations: result,
				collectionTime,
				aggregationTemporality
			});
			const accumulationRecords = AttributesMapToAccumulationRecords(result);
			if (accumulationRecords.length === 0) return;
			return this._aggregator.toMetricData(instrumentDescriptor, aggregationTemporality, accumulationRecords, collectionTime);
		}
		_stashAccumulations(currentAccumulation) {
			const registeredCollectors = this._unreportedAccumulations.keys();
			for (const collector of registeredCollectors) {
				let stash = this._unreportedAccumulations.get(collector);
				if (stash === void 0) {
					stash = [];
					this._unreportedAccumulations.set(collector, stash);
				}
				stash.push(currentAccumulation);
			}
		}
		_getMergedUnreportedAccumulations(collector) {
			let result = new HashMap_1.AttributeHashMap();
			const unreportedList = this._unreportedAccumulations.get(collector);
			this._unreportedAccumulations.set(collector, []);
			if (unreportedList === void 0) return result;
			for (const it of unreportedList) result = TemporalMetricProcessor.merge(result, it, this._aggregator);
			return result;
		}
		static merge(last, current, aggregator) {
			const result = last;
			const iterator = current.entries();
			let next = iterator.next();
			while (next.done !== true) {
				const [key, record, hash] = next.value;
				if (last.has(key, hash)) {
					const lastAccumulation = last.get(key, hash);
					const accumulation = aggregator.merge(lastAccumulation, record);
					result.set(key, accumulation, hash);
				} else result.set(key, record, hash);
				next = iterator.next();
			}
			return result;
		}
		/**
		* Calibrate the reported metric streams' startTime to lastCollectionTime. Leaves
		* the new stream to be the initial observation time unchanged.
		*/
		static calibrateStartTime(last, current, lastCollectionTime) {
			for (const [key, hash] of last.keys()) current.get(key, hash)?.setStartTime(lastCollectionTime);
			return current;
		}
	};
	function AttributesMapToAccumulationRecords(map) {
		return Array.from(map.entries());
	}
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/state/AsyncMetricStorage.js
var require_AsyncMetricStorage = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.AsyncMetricStorage = void 0;
	const MetricStorage_1 = require_MetricStorage();
	const DeltaMetricProcessor_1 = require_DeltaMetricProcessor();
	const TemporalMetricProcessor_1 = require_TemporalMetricProcessor();
	const HashMap_1 = require_HashMap();
	/**
	* Internal interface.
	*
	* Stores and aggregates {@link MetricData} for asynchronous instruments.
	*/
	var AsyncMetricStorage = class extends MetricStorage_1.MetricStorage {
		_aggregationCardinalityLimit;
		_deltaMetricStorage;
		_temporalMetricStorage;
		_attributesProcessor;
		constructor(_instrumentDescriptor, aggregator, attributesProcessor, collectorHandles, aggregationCardinalityLimit) {
			super(_instrumentDescriptor);
			this._aggregationCardinalityLimit = aggregationCardinalityLimit;
			this._deltaMetricStorage = new DeltaMetricProcessor_1.DeltaMetricProcessor(aggregator, this._aggregationCardinalityLimit);
			this._temporalMetricStorage = new TemporalMetricProcessor_1.TemporalMetricProcessor(aggregator, collectorHandles);
			this._attributesProcessor = attributesProcessor;
		}
		record(measurements, observationTime) {
			if (this._attributesProcessor === void 0) {
				this._deltaMetricStorage.batchCumulate(measurements, observationTime);
				return;
			}
			const processed = new HashMap_1.AttributeHashMap();
			for (const [attributes, value] of measurements.entries()) processed.set(this._attributesProcessor.process(attributes), value);
			this._deltaMetricStorage.batchCumulate(processed, observationTime);
		}
		/**
		* Collects the metrics from this storage. The ObservableCallback is invoked
		* during the collection.
		*
		* Note: This is a stateful operation and may reset any interval-related
		* state for the MetricCollector.
		*/
		collect(collector, collectionTime) {
			const accumulations = this._deltaMetricStorage.collect();
			return this._temporalMetricStorage.buildMetrics(collector, this._instrumentDescriptor, accumulations, collectionTime);
		}
	};
	exports.AsyncMetricStorage = AsyncMetricStorage;
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/view/RegistrationConflicts.js
var require_RegistrationConflicts = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.getConflictResolutionRecipe = exports.getDescriptionResolutionRecipe = exports.getTypeConflictResolutionRecipe = exports.getUnitConflictResolutionRecipe = exports.getValueTypeConflictResolutionRecipe = exports.getIncompatibilityDetails = void 0;
	function getIncompatibilityDetails(existing, otherDescriptor) {
		let incompatibility = "";
		if (existing.unit !== otherDescriptor.unit) incompatibility += `\t- Unit '${existing.unit}' does not match '${otherDescriptor.unit}'\n`;
		if (existing.type !== otherDescriptor.type) incompatibility += `\t- Type '${existing.type}' does not match '${otherDescriptor.type}'\n`;
		if (existing.valueType !== otherDescriptor.valueType) incompatibility += `\t- Value Type '${existing.valueType}' does not match '${otherDescriptor.valueType}'\n`;
		if (existing.description !== otherDescriptor.description) incompatibility += `\t- Description '${existing.description}' does not match '${otherDescriptor.description}'\n`;
		return incompatibility;
	}
	exports.getIncompatibilityDetails = getIncompatibilityDetails;
	function getValueTypeConflictResolutionRecipe(existing, otherDescriptor) {
		return `\t- use valueType '${existing.valueType}' on instrument creation or use an instrument name other than '${otherDescriptor.name}'`;
	}
	exports.getValueTypeConflictResolutionRecipe = getValueTypeConflictResolutionRecipe;
	function getUnitConflictResolutionRecipe(existing, otherDescriptor) {
		return `\t- use unit '${existing.unit}' on instrument creation or use an instrument name other than '${otherDescriptor.name}'`;
	}
	exports.getUnitConflictResolutionRecipe = getUnitConflictResolutionRecipe;
	function getTypeConflictResolutionRecipe(existing, otherDescriptor) {
		const selector = {
			name: otherDescriptor.name,
			type: otherDescriptor.type,
			unit: otherDescriptor.unit
		};
		const selectorString = JSON.stringify(selector);
		return `\t- create a new view with a name other than '${existing.name}' and InstrumentSelector '${selectorString}'`;
	}
	exports.getTypeConflictResolutionRecipe = getTypeConflictResolutionRecipe;
	function getDescriptionResolutionRecipe(existing, otherDescriptor) {
		const selector = {
			name: otherDescriptor.name,
			type: otherDescriptor.type,
			unit: otherDescriptor.unit
		};
		const selectorString = JSON.stringify(selector);
		return `\t- create a new view with a name other than '${existing.name}' and InstrumentSelector '${selectorString}'
    \t- OR - create a new view with the name ${existing.name} and description '${existing.description}' and InstrumentSelector ${selectorString}
    \t- OR - create a new view with the name ${otherDescriptor.name} and description '${existing.description}' and InstrumentSelector ${selectorString}`;
	}
	exports.getDescriptionResolutionRecipe = getDescriptionResolutionRecipe;
	function getConflictResolutionRecipe(existing, otherDescriptor) {
		if (existing.valueType !== otherDescriptor.valueType) return getValueTypeConflictResolutionRecipe(existing, otherDescriptor);
		if (existing.unit !== otherDescriptor.unit) return getUnitConflictResolutionRecipe(existing, otherDescriptor);
		if (existing.type !== otherDescriptor.type) return getTypeConflictResolutionRecipe(existing, otherDescriptor);
		if (existing.description !== otherDescriptor.description) return getDescriptionResolutionRecipe(existing, otherDescriptor);
		return "";
	}
	exports.getConflictResolutionRecipe = getConflictResolutionRecipe;
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/state/MetricStorageRegistry.js
var require_MetricStorageRegistry = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.MetricStorageRegistry = void 0;
	const InstrumentDescriptor_1 = require_InstrumentDescriptor();
	const api = (init_esm$1(), __toCommonJS(esm_exports$1));
	const RegistrationConflicts_1 = require_RegistrationConflicts();
	exports.MetricStorageRegistry = class MetricStorageRegistry {
		_sharedRegistry = /* @__PURE__ */ new Map();
		_perCollectorRegistry = /* @__PURE__ */ new Map();
		static create() {
			return new MetricStorageRegistry();
		}
		getStorages(collector) {
			let storages = [];
			for (const metricStorages of this._sharedRegistry.values()) storages = storages.concat(metricStorages);
			const perCollectorStorages = this._perCollectorRegistry.get(collector);
			if (perCollectorStorages != null) for (const metricStorages of perCollectorStorages.values()) storages = storages.concat(metricStorages);
			return storages;
		}
		register(storage) {
			this._registerStorage(storage, this._sharedRegistry);
		}
		registerForCollector(collector, storage) {
			let storageMap = this._perCollectorRegistry.get(collector);
			if (storageMap == null) {
				storageMap = /* @__PURE__ */ new Map();
				this._perCollectorRegistry.set(collector, storageMap);
			}
			this._registerStorage(storage, storageMap);
		}
		findOrUpdateCompatibleStorage(expectedDescriptor) {
			const storages = this._sharedRegistry.get(expectedDescriptor.name);
			if (storages === void 0) return null;
			return this._findOrUpdateCompatibleStorage(expectedDescriptor, storages);
		}
		findOrUpdateCompatibleCollectorStorage(collector, expectedDescriptor) {
			const storageMap = this._perCollectorRegistry.get(collector);
			if (storageMap === void 0) return null;
			const storages = storageMap.get(expectedDescriptor.name);
			if (storages === void 0) return null;
			return this._findOrUpdateCompatibleStorage(expectedDescriptor, storages);
		}
		_registerStorage(storage, storageMap) {
			const descriptor = storage.getInstrumentDescriptor();
			const storages = storageMap.get(descriptor.name);
			if (storages === void 0) {
				storageMap.set(descriptor.name, [storage]);
				return;
			}
			storages.push(storage);
		}
		_findOrUpdateCompatibleStorage(expectedDescriptor, existingStorages) {
			let compatibleStorage = null;
			for (const existingStorage of existingStorages) {
				const existingDescriptor = existingStorage.getInstrumentDescriptor();
				if ((0, InstrumentDescriptor_1.isDescriptorCompatibleWith)(existingDescriptor, expectedDescriptor)) {
					if (existingDescriptor.description !== expectedDescriptor.description) {
						if (expectedDescriptor.description.length > existingDescriptor.description.length) existingStorage.updateDescription(expectedDescriptor.description);
						api.diag.warn("A view or instrument with the name ", expectedDescriptor.name, " has already been registered, but has a different description and is incompatible with another registered view.\n", "Details:\n", (0, RegistrationConflicts_1.getIncompatibilityDetails)(existingDescriptor, expectedDescriptor), "The longer description will be used.\nTo resolve the conflict:", (0, RegistrationConflicts_1.getConflictResolutionRecipe)(existingDescriptor, expectedDescriptor));
					}
					compatibleStorage = existingStorage;
				} else api.diag.warn("A view or instrument with the name ", expectedDescriptor.name, " has already been registered and is incompatible with another registered view.\n", "Details:\n", (0, RegistrationConflicts_1.getIncompatibilityDetails)(existingDescriptor, expectedDescriptor), "To resolve the conflict:\n", (0, RegistrationConflicts_1.getConflictResolutionRecipe)(existingDescriptor, expectedDescriptor));
			}
			return compatibleStorage;
		}
	};
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/state/MultiWritableMetricStorage.js
var require_MultiWritableMetricStorage = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.MultiMetricStorage = void 0;
	const api_1 = (init_esm$1(), __toCommonJS(esm_exports$1));
	/**
	* Internal interface.
	*/
	var MultiMetricStorage = class {
		_backingStorages;
		hasAttributeProcessor;
		constructor(backingStorages) {
			this._backingStorages = backingStorages;
			this.hasAttributeProcessor = backingStorages.some((s) => s.hasAttributeProcessor);
		}
		record(value, attributes, context, recordTime) {
			if (this.hasAttributeProcessor && context === void 0) context = api_1.context.active();
			const storages = this._backingStorages;
			for (let i = 0; i < storages.length; i++) storages[i].record(value, attributes, context, recordTime);
		}
	};
	exports.MultiMetricStorage = MultiMetricStorage;
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/ObservableResult.js
var require_ObservableResult = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.BatchObservableResultImpl = exports.ObservableResultImpl = void 0;
	const api_1 = (init_esm$1(), __toCommonJS(esm_exports$1));
	const HashMap_1 = require_HashMap();
	const Instruments_1 = require_Instruments();
	/**
	* The class implements {@link ObservableResult} interface.
	*/
	var ObservableResultImpl = class {
		/**
		* @internal
		*/
		_buffer = new HashMap_1.AttributeHashMap();
		_instrumentName;
		_valueType;
		constructor(instrumentName, valueType) {
			this._instrumentName = instrumentName;
			this._valueType = valueType;
		}
		/**
		* Observe a measurement of the value associated with the given attributes.
		*/
		observe(value, attributes = {}) {
			if (typeof value !== "number") {
				api_1.diag.warn(`non-number value provided to metric ${this._instrumentName}: ${value}`);
				return;
			}
			if (this._valueType === api_1.ValueType.INT && !Number.isInteger(value)) {
				api_1.diag.warn(`INT value type cannot accept a floating-point value for ${this._instrumentName}, ignoring the fractional digits.`);
				value = Math.trunc(value);
				if (!Number.isInteger(value)) return;
			}
			this._buffer.set(attributes, value);
		}
	};
	exports.ObservableResultImpl = ObservableResultImpl;
	/**
	* The class implements {@link BatchObservableCallback} interface.
	*/
	var BatchObservableResultImpl = class {
		/**
		* @internal
		*/
		_buffer = /* @__PURE__ */ new Map();
		/**
		* Observe a measurement of the value associated with the given attributes.
		*/
		observe(metric, value, attributes = {}) {
			if (!(0, Instruments_1.isObservableInstrument)(metric)) return;
			let map = this._buffer.get(metric);
			if (map == null) {
				map = new HashMap_1.AttributeHashMap();
				this._buffer.set(metric, map);
			}
			if (typeof value !== "number") {
				api_1.diag.warn(`non-number value provided to metric ${metric._descriptor.name}: ${value}`);
				return;
			}
			if (metric._descriptor.valueType === api_1.ValueType.INT && !Number.isInteger(value)) {
				api_1.diag.warn(`INT value type cannot accept a floating-point value for ${metric._descriptor.name}, ignoring the fractional digits.`);
				value = Math.trunc(value);
				if (!Number.isInteger(value)) return;
			}
			map.set(attributes, value);
		}
	};
	exports.BatchObservableResultImpl = BatchObservableResultImpl;
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/state/ObservableRegistry.js
var require_ObservableRegistry = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.ObservableRegistry = void 0;
	const api_1 = (init_esm$1(), __toCommonJS(esm_exports$1));
	const Instruments_1 = require_Instruments();
	const ObservableResult_1 = require_ObservableResult();
	const utils_1 = require_utils$4();
	/**
	* An internal interface for managing ObservableCallbacks.
	*
	* Every registered callback associated with a set of instruments are be evaluated
	* exactly once during collection prior to reading data for that instrument.
	*/
	var ObservableRegistry = class {
		_callbacks = [];
		_batchCallbacks = [];
		addCallback(callback, instrument) {
			if (this._findCallback(callback, instrument) >= 0) return;
			this._callbacks.push({
				callback,
				instrument
			});
		}
		removeCallback(callback, instrument) {
			const idx = this._findCallback(callback, instrument);
			if (idx < 0) return;
			this._callbacks.splice(idx, 1);
		}
		addBatchCallback(callback, instruments) {
			const observableInstruments = new Set(instruments.filter(Instruments_1.isObservableInstrument));
			if (observableInstruments.size === 0) {
				api_1.diag.error("BatchObservableCallback is not associated with valid instruments", instruments);
				return;
			}
			if (this._findBatchCallback(callback, observableInstruments) >= 0) return;
			this._batchCallbacks.push({
				callback,
				instruments: observableInstruments
			});
		}
		removeBatchCallback(callback, instruments) {
			const observableInstruments = new Set(instruments.filter(Instruments_1.isObservableInstrument));
			const idx = this._findBatchCallback(callback, observableInstruments);
			if (idx < 0) return;
			this._batchCallbacks.splice(idx, 1);
		}
		/**
		* @returns a promise of rejected reasons for invoking callbacks.
		*/
		async observe(collectionTime, timeoutMillis) {
			const callbackFutures = this._observeCallbacks(collectionTime, timeoutMillis);
			const batchCallbackFutures = this._observeBatchCallbacks(collectionTime, timeoutMillis);
			return (await Promise.allSettled([...callbackFutures, ...batchCallbackFutures])).filter((result) => result.status === "rejected").map((result) => result.reason);
		}
		_observeCallbacks(observationTime, timeoutMillis) {
			return this._callbacks.map(async ({ callback, instrument }) => {
				const observableResult = new ObservableResult_1.ObservableResultImpl(instrument._descriptor.name, instrument._descriptor.valueType);
				let callPromise = Promise.resolve(callback(observableResult));
				if (timeoutMillis != null) callPromise = (0, utils_1.callWithTimeout)(callPromise, timeoutMillis);
				await callPromise;
				instrument._metricStorages.forEach((metricStorage) => {
					metricStorage.record(observableResult._buffer, observationTime);
				});
			});
		}
		_observeBatchCallbacks(observationTime, timeoutMillis) {
			return this._batchCallbacks.map(async ({ callback, instruments }) => {
				const observableResult = new ObservableResult_1.BatchObservableResultImpl();
				let callPromise = Promise.resolve(callback(observableResult));
				if (timeoutMillis != null) callPromise = (0, utils_1.callWithTimeout)(callPromise, timeoutMillis);
				await callPromise;
				instruments.forEach((instrument) => {
					const buffer = observableResult._buffer.get(instrument);
					if (buffer == null) return;
					instrument._metricStorages.forEach((metricStorage) => {
						metricStorage.record(buffer, observationTime);
					});
				});
			});
		}
		_findCallback(callback, instrument) {
			return this._callbacks.findIndex((record) => {
				return record.callback === callback && record.instrument === instrument;
			});
		}
		_findBatchCallback(callback, instruments) {
			return this._batchCallbacks.findIndex((record) => {
				return record.callback === callback && (0, utils_1.setEquals)(record.instruments, instruments);
			});
		}
	};
	exports.ObservableRegistry = ObservableRegistry;
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/state/SyncMetricStorage.js
var require_SyncMetricStorage = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.SyncMetricStorage = void 0;
	const api_1 = (init_esm$1(), __toCommonJS(esm_exports$1));
	const MetricStorage_1 = require_MetricStorage();
	const DeltaMetricProcessor_1 = require_DeltaMetricProcessor();
	const TemporalMetricProcessor_1 = require_TemporalMetricProcessor();
	/**
	* Internal interface.
	*
	* Stores and aggregates {@link MetricData} for synchronous instruments.
	*/
	var SyncMetricStorage = class extends MetricStorage_1.MetricStorage {
		_aggregationCardinalityLimit;
		_deltaMetricStorage;
		_temporalMetricStorage;
		_attributesProcessor;
		constructor(instrumentDescriptor, aggregator, attributesProcessor, collectorHandles, aggregationCardinalityLimit) {
			super(instrumentDescriptor);
			this._aggregationCardinalityLimit = aggregationCardinalityLimit;
			this._deltaMetricStorage = new DeltaMetricProcessor_1.DeltaMetricProcessor(aggregator, this._aggregationCardinalityLimit);
			this._temporalMetricStorage = new TemporalMetricProcessor_1.TemporalMetricProcessor(aggregator, collectorHandles);
			this._attributesProcessor = attributesProcessor;
			this.hasAttributeProcessor = attributesProcessor !== void 0;
		}
		hasAttributeProcessor;
		record(value, attributes, context, recordTime) {
			if (this._attributesProcessor !== void 0) attributes = this._attributesProcessor.process(attributes, context ?? api_1.context.active());
			this._deltaMetricStorage.record(value, attributes, recordTime);
		}
		/**
		* Collects the metrics from this storage.
		*
		* Note: This is a stateful operation and may reset any interval-related
		* state for the MetricCollector.
		*/
		collect(collector, collectionTime) {
			const accumulations = this._deltaMetricStorage.collect();
			return this._temporalMetricStorage.buildMetrics(collector, this._instrumentDescriptor, accumulations, collectionTime);
		}
	};
	exports.SyncMetricStorage = SyncMetricStorage;
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/state/MeterSharedState.js
var require_MeterSharedState = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.MeterSharedState = void 0;
	const InstrumentDescriptor_1 = require_InstrumentDescriptor();
	const Meter_1 = require_Meter();
	const AsyncMetricStorage_1 = require_AsyncMetricStorage();
	const MetricStorageRegistry_1 = require_MetricStorageRegistry();
	const MultiWritableMetricStorage_1 = require_MultiWritableMetricStorage();
	const ObservableRegistry_1 = require_ObservableRegistry();
	const SyncMetricStorage_1 = require_SyncMetricStorage();
	/**
	* An internal record for shared meter provider states.
	*/
	var MeterSharedState = class {
		metricStorageRegistry = new MetricStorageRegistry_1.MetricStorageRegistry();
		observableRegistry = new ObservableRegistry_1.ObservableRegistry();
		meter;
		_meterProviderSharedState;
		_instrumentationScope;
		constructor(meterProviderSharedState, instrumentationScope) {
			this.meter = new Meter_1.Meter(this);
			this._meterProviderSharedState = meterProviderSharedState;
			this._instrumentationScope = instrumentationScope;
		}
		registerMetricStorage(descriptor) {
			const storages = this._registerMetricStorage(descriptor, SyncMetricStorage_1.SyncMetricStorage);
			if (storages.length === 1) return storages[0];
			return new MultiWritableMetricStorage_1.MultiMetricStorage(storages);
		}
		registerAsyncMetricStorage(descriptor) {
			return this._registerMetricStorage(descriptor, AsyncMetricStorage_1.AsyncMetricStorage);
		}
		/**
		* @param collector opaque handle of {@link MetricCollector} which initiated the collection.
		* @param collectionTime the HrTime at which the collection was initiated.
		* @param options options for collection.
		* @returns the list of metric data collected.
		*/
		async collect(collector, collectionTime, options) {
			/**
			* 1. Call all observable callbacks first.
			* 2. Collect metric result for the collector.
			*/
			const errors = await this.observableRegistry.observe(collectionTime, options?.timeoutMillis);
			const storages = this.metricStorageRegistry.getStorages(collector);
			if (storages.length === 0) return null;
			const metricDataList = [];
			storages.forEach((metricStorage) => {
				const metricData = metricStorage.collect(collector, collectionTime);
				if (metricData != null) metricDataList.push(metricData);
			});
			if (metricDataList.length === 0) return { errors };
			return {
				scopeMetrics: {
					scope: this._instrumentationScope,
					metrics: metricDataList
				},
				errors
			};
		}
		_registerMetricStorage(descriptor, MetricStorageType) {
			let storages = this._meterProviderSharedState.viewRegistry.findViews(descriptor, this._instrumentationScope).map((view) => {
				const viewDescriptor = (0, InstrumentDescriptor_1.createInstrumentDescriptorWithView)(view, descriptor);
				const compatibleStorage = this.metricStorageRegistry.findOrUpdateCompatibleStorage(viewDescriptor);
				if (compatibleStorage != null) return compatibleStorage;
				const viewStorage = new MetricStorageType(viewDescriptor, view.aggregation.createAggregator(viewDescriptor), view.attributesProcessor, this._meterProviderSharedState.metricCollectors, view.aggregationCardinalityLimit);
				this.metricStorageRegistry.register(viewStorage);
				return viewStorage;
			});
			if (storages.length === 0) {
				const collectorStorages = this._meterProviderSharedState.selectAggregations(descriptor.type).map(([collector, aggregation]) => {
					const compatibleStorage = this.metricStorageRegistry.findOrUpdateCompatibleCollectorStorage(collector, descriptor);
					if (compatibleStorage != null) return compatibleStorage;
					const aggregator = aggregation.createAggregator(descriptor);
					const cardinalityLimit = collector.selectCardinalityLimit(descriptor.type);
					const storage = new MetricStorageType(descriptor, aggregator, void 0, [collector], cardinalityLimit);
					this.metricStorageRegistry.registerForCollector(collector, storage);
					return storage;
				});
				storages = storages.concat(collectorStorages);
			}
			return storages;
		}
	};
	exports.MeterSharedState = MeterSharedState;
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/state/MeterProviderSharedState.js
var require_MeterProviderSharedState = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.MeterProviderSharedState = void 0;
	const utils_1 = require_utils$4();
	const ViewRegistry_1 = require_ViewRegistry();
	const MeterSharedState_1 = require_MeterSharedState();
	const AggregationOption_1 = require_AggregationOption();
	/**
	* An internal record for shared meter provider states.
	*/
	var MeterProviderSharedState = class {
		viewRegistry = new ViewRegistry_1.ViewRegistry();
		metricCollectors = [];
		meterSharedStates = /* @__PURE__ */ new Map();
		resource;
		constructor(resource) {
			this.resource = resource;
		}
		getMeterSharedState(instrumentationScope) {
			const id = (0, utils_1.instrumentationScopeId)(instrumentationScope);
			let meterSharedState = this.meterSharedStates.get(id);
			if (meterSharedState == null) {
				meterSharedState = new MeterSharedState_1.MeterSharedState(this, instrumentationScope);
				this.meterSharedStates.set(id, meterSharedState);
			}
			return meterSharedState;
		}
		selectAggregations(instrumentType) {
			const result = [];
			for (const collector of this.metricCollectors) result.push([collector, (0, AggregationOption_1.toAggregation)(collector.selectAggregation(instrumentType))]);
			return result;
		}
	};
	exports.MeterProviderSharedState = MeterProviderSharedState;
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/state/MetricCollector.js
var require_MetricCollector = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.MetricCollector = void 0;
	const core_1 = require_src$6();
	/**
	* An internal opaque interface that the MetricReader receives as
	* MetricProducer. It acts as the storage key to the internal metric stream
	* state for each MetricReader.
	*/
	var MetricCollector = class {
		_sharedState;
		_metricReader;
		constructor(sharedState, metricReader) {
			this._sharedState = sharedState;
			this._metricReader = metricReader;
		}
		async collect(options) {
			const collectionTime = (0, core_1.millisToHrTime)(Date.now());
			const scopeMetrics = [];
			const errors = [];
			const meterCollectionPromises = Array.from(this._sharedState.meterSharedStates.values()).map(async (meterSharedState) => {
				const current = await meterSharedState.collect(this, collectionTime, options);
				if (current?.scopeMetrics != null) scopeMetrics.push(current.scopeMetrics);
				if (current?.errors != null) errors.push(...current.errors);
			});
			await Promise.all(meterCollectionPromises);
			return {
				resourceMetrics: {
					resource: this._sharedState.resource,
					scopeMetrics
				},
				errors
			};
		}
		/**
		* Delegates for MetricReader.forceFlush.
		*/
		async forceFlush(options) {
			await this._metricReader.forceFlush(options);
		}
		/**
		* Delegates for MetricReader.shutdown.
		*/
		async shutdown(options) {
			await this._metricReader.shutdown(options);
		}
		selectAggregationTemporality(instrumentType) {
			return this._metricReader.selectAggregationTemporality(instrumentType);
		}
		selectAggregation(instrumentType) {
			return this._metricReader.selectAggregation(instrumentType);
		}
		/**
		* Select the cardinality limit for the given {@link InstrumentType} for this
		* collector.
		*/
		selectCardinalityLimit(instrumentType) {
			return this._metricReader.selectCardinalityLimit?.(instrumentType) ?? 2e3;
		}
	};
	exports.MetricCollector = MetricCollector;
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/view/Predicate.js
var require_Predicate = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.ExactPredicate = exports.PatternPredicate = void 0;
	const ESCAPE = /[\^$\\.+?()[\]{}|]/g;
	exports.PatternPredicate = class PatternPredicate {
		_matchAll;
		_regexp;
		constructor(pattern) {
			if (pattern === "*") {
				this._matchAll = true;
				this._regexp = /.*/;
			} else {
				this._matchAll = false;
				this._regexp = new RegExp(PatternPredicate.escapePattern(pattern));
			}
		}
		match(str) {
			if (this._matchAll) return true;
			return this._regexp.test(str);
		}
		static escapePattern(pattern) {
			return `^${pattern.replace(ESCAPE, "\\$&").replace("*", ".*")}$`;
		}
		static hasWildcard(pattern) {
			return pattern.includes("*");
		}
	};
	var ExactPredicate = class {
		_matchAll;
		_pattern;
		constructor(pattern) {
			this._matchAll = pattern === void 0;
			this._pattern = pattern;
		}
		match(str) {
			if (this._matchAll) return true;
			if (str === this._pattern) return true;
			return false;
		}
	};
	exports.ExactPredicate = ExactPredicate;
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/view/AttributesProcessor.js
var require_AttributesProcessor = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.createDenyListAttributesProcessor = exports.createAllowListAttributesProcessor = exports.createMultiAttributesProcessor = exports.createNoopAttributesProcessor = void 0;
	var NoopAttributesProcessor = class {
		process(incoming, _context) {
			return incoming;
		}
	};
	var MultiAttributesProcessor = class {
		_processors;
		constructor(processors) {
			this._processors = processors;
		}
		process(incoming, context) {
			let filteredAttributes = incoming;
			for (const processor of this._processors) filteredAttributes = processor.process(filteredAttributes, context);
			return filteredAttributes;
		}
	};
	var AllowListProcessor = class {
		_allowedAttributeNames;
		constructor(allowedAttributeNames) {
			this._allowedAttributeNames = new Set(allowedAttributeNames);
		}
		process(incoming, _context) {
			const filteredAttributes = {};
			for (const attributeName in incoming) if (Object.prototype.hasOwnProperty.call(incoming, attributeName) && this._allowedAttributeNames.has(attributeName)) filteredAttributes[attributeName] = incoming[attributeName];
			return filteredAttributes;
		}
	};
	var DenyListProcessor = class {
		_deniedAttributeNames;
		constructor(deniedAttributeNames) {
			this._deniedAttributeNames = new Set(deniedAttributeNames);
		}
		process(incoming, _context) {
			const filteredAttributes = {};
			for (const attributeName in incoming) if (Object.prototype.hasOwnProperty.call(incoming, attributeName) && !this._deniedAttributeNames.has(attributeName)) filteredAttributes[attributeName] = incoming[attributeName];
			return filteredAttributes;
		}
	};
	/**
	* @internal
	*
	* Create an {@link IAttributesProcessor} that acts as a simple pass-through for attributes.
	*/
	function createNoopAttributesProcessor() {
		return NOOP;
	}
	exports.createNoopAttributesProcessor = createNoopAttributesProcessor;
	/**
	* @internal
	*
	* Create an {@link IAttributesProcessor} that applies all processors from the provided list in order.
	*
	* @param processors Processors to apply in order.
	*/
	function createMultiAttributesProcessor(processors) {
		return new MultiAttributesProcessor(processors);
	}
	exports.createMultiAttributesProcessor = createMultiAttributesProcessor;
	/**
	* Create an {@link IAttributesProcessor} that filters by allowed attribute names and drops any names that are not in the
	* allow list.
	*/
	function createAllowListAttributesProcessor(attributeAllowList) {
		return new AllowListProcessor(attributeAllowList);
	}
	exports.createAllowListAttributesProcessor = createAllowListAttributesProcessor;
	/**
	* Create an {@link IAttributesProcessor} that drops attributes based on the names provided in the deny list
	*/
	function createDenyListAttributesProcessor(attributeDenyList) {
		return new DenyListProcessor(attributeDenyList);
	}
	exports.createDenyListAttributesProcessor = createDenyListAttributesProcessor;
	const NOOP = new NoopAttributesProcessor();
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/view/InstrumentSelector.js
var require_InstrumentSelector = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.InstrumentSelector = void 0;
	const Predicate_1 = require_Predicate();
	var InstrumentSelector = class {
		_nameFilter;
		_type;
		_unitFilter;
		constructor(criteria) {
			this._nameFilter = new Predicate_1.PatternPredicate(criteria?.name ?? "*");
			this._type = criteria?.type;
			this._unitFilter = new Predicate_1.ExactPredicate(criteria?.unit);
		}
		getType() {
			return this._type;
		}
		getNameFilter() {
			return this._nameFilter;
		}
		getUnitFilter() {
			return this._unitFilter;
		}
	};
	exports.InstrumentSelector = InstrumentSelector;
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/view/MeterSelector.js
var require_MeterSelector = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.MeterSelector = void 0;
	const Predicate_1 = require_Predicate();
	var MeterSelector = class {
		_nameFilter;
		_versionFilter;
		_schemaUrlFilter;
		constructor(criteria) {
			this._nameFilter = new Predicate_1.ExactPredicate(criteria?.name);
			this._versionFilter = new Predicate_1.ExactPredicate(criteria?.version);
			this._schemaUrlFilter = new Predicate_1.ExactPredicate(criteria?.schemaUrl);
		}
		getNameFilter() {
			return this._nameFilter;
		}
		/**
		* TODO: semver filter? no spec yet.
		*/
		getVersionFilter() {
			return this._versionFilter;
		}
		getSchemaUrlFilter() {
			return this._schemaUrlFilter;
		}
	};
	exports.MeterSelector = MeterSelector;
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/view/View.js
var require_View = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.View = void 0;
	const Predicate_1 = require_Predicate();
	const AttributesProcessor_1 = require_AttributesProcessor();
	const InstrumentSelector_1 = require_InstrumentSelector();
	const MeterSelector_1 = require_MeterSelector();
	const AggregationOption_1 = require_AggregationOption();
	function isSelectorNotProvided(options) {
		return options.instrumentName == null && options.instrumentType == null && options.instrumentUnit == null && options.meterName == null && options.meterVersion == null && options.meterSchemaUrl == null;
	}
	function validateViewOptions(viewOptions) {
		if (isSelectorNotProvided(viewOptions)) throw new Error("Cannot create view with no selector arguments supplied");
		if (viewOptions.name != null && (viewOptions?.instrumentName == null || Predicate_1.PatternPredicate.hasWildcard(viewOptions.instrumentName))) throw new Error("Views with a specified name must be declared with an instrument selector that selects at most one instrument per meter.");
	}
	/**
	* Can be passed to a {@link MeterProvider} to select instruments and alter their metric stream.
	*/
	var View = class {
		name;
		description;
		aggregation;
		attributesProcessor;
		instrumentSelector;
		meterSelector;
		aggregationCardinalityLimit;
		/**
		* Create a new {@link View} instance.
		*
		* Parameters can be categorized as two types:
		*  Instrument selection criteria: Used to describe the instrument(s) this view will be applied to.
		*  Will be treated as additive (the Instrument has to meet all the provided criteria to be selected).
		*
		*  Metric stream altering: Alter the metric stream of instruments selected by instrument selection criteria.
		*
		* @param viewOptions {@link ViewOptions} for altering the metric stream and instrument selection.
		* @param viewOptions.name
		* Alters the metric stream:
		*  This will be used as the name of the metrics stream.
		*  If not provided, the original Instrument name will be used.
		* @param viewOptions.description
		* Alters the metric stream:
		*  This will be used as the description of the metrics stream.
		*  If not provided, the original Instrument description will be used by default.
		* @param viewOptions.attributesProcessors
		* Alters the metric stream:
		*  If provided, the attributes will be modified as defined by the added processors.
		*  If not provided, all attribute keys will be used by default.
		* @param viewOptions.aggregationCardinalityLimit
		* Alters the metric stream:
		*  Sets a limit on the number of unique attribute combinations (cardinality) that can be aggregated.
		*  If not provided, the default limit of 2000 will be used.
		* @param viewOptions.aggregation
		* Alters the metric stream:
		*  Alters the {@link Aggregation} of the metric stream.
		* @param viewOptions.instrumentName
		* Instrument selection criteria:
		*  Original name of the Instrument(s) with wildcard support.
		* @param viewOptions.instrumentType
		* Instrument selection criteria:
		*  The original type of the Instrument(s).
		* @param viewOptions.instrumentUnit
		* Instrument selection criteria:
		*  The unit of the Instrument(s).
		* @param viewOptions.meterName
		* Instrument selection criteria:
		*  The name of the Meter. No wildcard support, name must match the meter exactly.
		* @param viewOptions.meterVersion
		* Instrument selection criteria:
		*  The version of the Meter. No wildcard support, version must match exactly.
		* @param viewOptions.meterSchemaUrl
		* Instrument selection criteria:
		*  The schema URL of the Meter. No wildcard support, schema URL must match exactly.
		*
		* @example
		* // Create a view that changes the Instrument 'my.instrument' to use to an
		* // ExplicitBucketHistogramAggregation with the boundaries [20, 30, 40]
		* new View({
		*   aggregation: new ExplicitBucketHistogramAggregation([20, 30, 40]),
		*   instrumentName: 'my.instrument'
		* })
		*/
		constructor(viewOptions) {
			validateViewOptions(viewOptions);
			if (viewOptions.attributesProcessors != null) this.attributesProcessor = (0, AttributesProcessor_1.createMultiAttributesProcessor)(viewOptions.attributesProcessors);
			else this.attributesProcessor = (0, AttributesProcessor_1.createNoopAttributesProcessor)();
			this.name = viewOptions.name;
			this.description = viewOptions.description;
			this.aggregation = (0, AggregationOption_1.toAggregation)(viewOptions.aggregation ?? { type: AggregationOption_1.AggregationType.DEFAULT });
			this.instrumentSelector = new InstrumentSelector_1.InstrumentSelector({
				name: viewOptions.instrumentName,
				type: viewOptions.instrumentType,
				unit: viewOptions.instrumentUnit
			});
			this.meterSelector = new MeterSelector_1.MeterSelector({
				name: viewOptions.meterName,
				version: viewOptions.meterVersion,
				schemaUrl: viewOptions.meterSchemaUrl
			});
			this.aggregationCardinalityLimit = viewOptions.aggregationCardinalityLimit;
		}
	};
	exports.View = View;
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/MeterProvider.js
var require_MeterProvider = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.MeterProvider = void 0;
	const api_1 = (init_esm$1(), __toCommonJS(esm_exports$1));
	const resources_1 = require_src$4();
	const MetricReader_1 = require_MetricReader();
	const MeterProviderSharedState_1 = require_MeterProviderSharedState();
	const MetricCollector_1 = require_MetricCollector();
	const View_1 = require_View();
	/**
	* This class implements the {@link MeterProvider} interface.
	*/
	var MeterProvider = class {
		_sharedState;
		_shutdown = false;
		constructor(options) {
			this._sharedState = new MeterProviderSharedState_1.MeterProviderSharedState(options?.resource ?? (0, resources_1.defaultResource)());
			if (options?.views != null && options.views.length > 0) for (const viewOption of options.views) this._sharedState.viewRegistry.addView(new View_1.View(viewOption));
			if (options?.readers != null && options.readers.length > 0) for (const metricReader of options.readers) {
				const collector = new MetricCollector_1.MetricCollector(this._sharedState, metricReader);
				metricReader.setMetricProducer(collector);
				this._sharedState.metricCollectors.push(collector);
				if (options.sdkMetricsEnabled && metricReader instanceof MetricReader_1.MetricReader) metricReader._setSelfObsMeterProvider(this);
			}
		}
		/**
		* Get a meter with the configuration of the MeterProvider.
		*/
		getMeter(name, version = "", options = {}) {
			if (this._shutdown) {
				api_1.diag.warn("A shutdown MeterProvider cannot provide a Meter");
				return (0, api_1.createNoopMeter)();
			}
			return this._sharedState.getMeterSharedState({
				name,
				version,
				schemaUrl: options.schemaUrl
			}).meter;
		}
		/**
		* Shut down the MeterProvider and all registered
		* MetricReaders.
		*
		* Returns a promise which is resolved when all flushes are complete.
		*/
		async shutdown(options) {
			if (this._shutdown) {
				api_1.diag.warn("shutdown may only be called once per MeterProvider");
				return;
			}
			this._shutdown = true;
			await Promise.all(this._sharedState.metricCollectors.map((collector) => {
				return collector.shutdown(options);
			}));
		}
		/**
		* Notifies all registered MetricReaders to flush any buffered data.
		*
		* Returns a promise which is resolved when all flushes are complete.
		*/
		async forceFlush(options) {
			if (this._shutdown) {
				api_1.diag.warn("invalid attempt to force flush after MeterProvider shutdown");
				return;
			}
			await Promise.all(this._sharedState.metricCollectors.map((collector) => {
				return collector.forceFlush(options);
			}));
		}
	};
	exports.MeterProvider = MeterProvider;
}));
// node_modules/@opentelemetry/sdk-metrics/build/src/index.js
var require_src$3 = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.TimeoutError = exports.createDenyListAttributesProcessor = exports.createAllowListAttributesProcessor = exports.AggregationType = exports.MeterProvider = exports.ConsoleMetricExporter = exports.InMemoryMetricExporter = exports.PeriodicExportingMetricReader = exports.MetricReader = exports.InstrumentType = exports.DataPointType = exports.AggregationTemporality = void 0;
	var AggregationTemporality_1 = require_AggregationTemporality();
	Object.defineProperty(exports, "AggregationTemporality", {
		enumerable: true,
		get: function() {
			return AggregationTemporality_1.AggregationTemporality;
		}
	});
	var MetricData_1 = require_MetricData();
	Object.defineProperty(exports, "DataPointType", {
		enumerable: true,
		get: function() {
			return MetricData_1.DataPointType;
		}
	});
	Object.defineProperty(exports, "InstrumentType", {
		enumerable: true,
		get: function() {
			return MetricData_1.InstrumentType;
		}
	});
	var MetricReader_1 = require_MetricReader();
	Object.defineProperty(exports, "MetricReader", {
		enumerable: true,
		get: function() {
			return MetricReader_1.MetricReader;
		}
	});
	var PeriodicExportingMetricReader_1 = require_PeriodicExportingMetricReader();
	Object.defineProperty(exports, "PeriodicExportingMetricReader", {
		enumerable: true,
		get: function() {
			return PeriodicExportingMetricReader_1.PeriodicExportingMetricReader;
		}
	});
	var InMemoryMetricExporter_1 = require_InMemoryMetricExporter();
	Object.defineProperty(exports, "InMemoryMetricExporter", {
		enumerable: true,
		get: function() {
			return InMemoryMetricExporter_1.InMemoryMetricExporter;
		}
	});
	var ConsoleMetricExporter_1 = require_ConsoleMetricExporter();
	Object.defineProperty(exports, "ConsoleMetricExporter", {
		enumerable: true,
		get: function() {
			return ConsoleMetricExporter_1.ConsoleMetricExporter;
		}
	});
	var MeterProvider_1 = require_MeterProvider();
	Object.defineProperty(exports, "MeterProvider", {
		enumerable: true,
		get: function() {
			return MeterProvider_1.MeterProvider;
		}
	});
	var AggregationOption_1 = require_AggregationOption();
	Object.defineProperty(exports, "AggregationType", {
		enumerable: true,
		get: function() {
			return AggregationOption_1.AggregationType;
		}
	});
	var AttributesProcessor_1 = require_AttributesProcessor();
	Object.defineProperty(exports, "createAllowListAttributesProcessor", {
		enumerable: true,
		get: function() {
			return AttributesProcessor_1.createAllowListAttributesProcessor;
		}
	});
	Object.defineProperty(exports, "createDenyListAttributesProcessor", {
		enumerable: true,
		get: function() {
			return AttributesProcessor_1.createDenyListAttributesProcessor;
		}
	});
	var utils_1 = require_utils$4();
	Object.defineProperty(exports, "TimeoutError", {
		enumerable: true,
		get: function() {
			return utils_1.TimeoutError;
		}
	});
}));
// node_modules/@opentelemetry/otlp-transformer/build/src/metrics/protobuf/metrics-serializer.js
var require_metrics_serializer = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.serializeMetricsExportRequest = void 0;
	const api_1 = (init_esm$1(), __toCommonJS(esm_exports$1));
	const sdk_metrics_1 = require_src$3();
	const common_serializer_1 = require_common_serializer();
	const protobuf_size_estimator_1 = require_protobuf_size_estimator();
	const protobuf_writer_1 = require_protobuf_writer();
	/**
	* Serialize a NumberDataPoint directly from SDK DataPoint<number>
	*
	* Proto fields (NumberDataPoint):
	*   7  attributes               repeated KeyValue  (wire type 2)
	*   2  start_time_unix_nano     fixed64            (wire type 1)
	*   3  time_unix_nano           fixed64            (wire type 1)
	*   4  as_double                double             (wire type 1)
	*   6  as_int                   sfixed64           (wire type 1)
	*   5  exemplars                repeated Exemplar  (wire type 2)
	*   8  flags                    uint32             (wire type 0)
	*/
	function serializeNumberDataPoint(writer, dataPoint, valueType) {
		const start = writer.startLengthDelimited();
		const startPos = writer.pos;
		writer.writeTag(2, 1);
		(0, common_serializer_1.writeHrTimeAsFixed64)(writer, dataPoint.startTime);
		writer.writeTag(3, 1);
		(0, common_serializer_1.writeHrTimeAsFixed64)(writer, dataPoint.endTime);
		if (valueType === api_1.ValueType.INT) {
			writer.writeTag(6, 1);
			writer.writeSfixed64(dataPoint.value);
		} else {
			writer.writeTag(4, 1);
			writer.writeDouble(dataPoint.value);
		}
		if (dataPoint.attributes) (0, common_serializer_1.writeAttributes)(writer, dataPoint.attributes, 7);
		writer.finishLengthDelimited(start, writer.pos - startPos);
	}
	/**
	* Serialize a HistogramDataPoint directly from SDK DataPoint<Histogram>
	*
	* Proto fields (HistogramDataPoint):
	*   9  attributes               repeated KeyValue  (wire type 2)
	*   2  start_time_unix_nano     fixed64            (wire type 1)
	*   3  time_unix_nano           fixed64            (wire type 1)
	*   4  count                    fixed64            (wire type 1)
	*   5  sum                      optional double    (wire type 1)
	*   6  bucket_counts            repeated fixed64   (packed, wire type 2)
	*   7  explicit_bounds          repeated double    (packed, wire type 2)
	*   8  exemplars                repeated Exemplar  (wire type 2)
	*  10  flags                    uint32             (wire type 0)
	*  11  min                      optional double    (wire type 1)
	*  12  max                      optional double    (wire type 1)
	*/
	function serializeHistogramDataPoint(writer, dataPoint) {
		const start = writer.startLengthDelimited();
		const startPos = writer.pos;
		const histogram = dataPoint.value;
		writer.writeTag(2, 1);
		(0, common_serializer_1.writeHrTimeAsFixed64)(writer, dataPoint.startTime);
		writer.writeTag(3, 1);
		(0, common_serializer_1.writeHrTimeAsFixed64)(writer, dataPoint.endTime);
		writer.writeTag(4, 1);
		writer.writeFixed64(histogram.count >>> 0, histogram.count / 4294967296 >>> 0);
		if (histogram.sum !== void 0) {
			writer.writeTag(5, 1);
			writer.writeDouble(histogram.sum);
		}
		if (histogram.buckets.counts.length > 0) {
			writer.writeTag(6, 2);
			const countsStart = writer.startLengthDelimited();
			const countsStartPos = writer.pos;
			for (const count of histogram.buckets.counts) writer.writeFixed64(count >>> 0, count / 4294967296 >>> 0);
			writer.finishLengthDelimited(countsStart, writer.pos - countsStartPos);
		}
		if (histogram.buckets.boundaries.length > 0) {
			writer.writeTag(7, 2);
			const boundsStart = writer.startLengthDelimited();
			const boundsStartPos = writer.pos;
			for (const bound of histogram.buckets.boundaries) writer.writeDouble(bound);
			writer.finishLengthDelimited(boundsStart, writer.pos - boundsStartPos);
		}
		if (dataPoint.attributes) (0, common_serializer_1.writeAttributes)(writer, dataPoint.attributes, 9);
		if (histogram.min !== void 0) {
			writer.writeTag(11, 1);
			writer.writeDouble(histogram.min);
		}
		if (histogram.max !== void 0) {
			writer.writeTag(12, 1);
			writer.writeDouble(histogram.max);
		}
		writer.finishLengthDelimited(start, writer.pos - startPos);
	}
	/**
	* Serialize ExponentialHistogramDataPoint.Buckets
	*
	* Proto fields (Buckets):
	*   1  offset         sint32           (wire type 0, zigzag)
	*   2  bucket_counts  repeated uint64  (packed, wire type 2)
	*/
	function serializeExponentialBuckets(writer, offset, bucketCounts) {
		const start = writer.startLengthDelimited();
		const startPos = writer.pos;
		if (offset !== 0) {
			writer.writeTag(1, 0);
			writer.writeSint32(offset);
		}
		if (bucketCounts.length > 0) {
			writer.writeTag(2, 2);
			const bcStart = writer.startLengthDelimited();
			const bcStartPos = writer.pos;
			for (const count of bucketCounts) writer.writeVarint(count);
			writer.finishLengthDelimited(bcStart, writer.pos - bcStartPos);
		}
		writer.finishLengthDelimited(start, writer.pos - startPos);
	}
	/**
	* Serialize an ExponentialHistogramDataPoint directly from SDK DataPoint<ExponentialHistogram>
	*
	* Proto fields (ExponentialHistogramDataPoint):
	*   1  attributes               repeated KeyValue  (wire type 2)
	*   2  start_time_unix_nano     fixed64            (wire type 1)
	*   3  time_unix_nano           fixed64            (wire type 1)
	*   4  count                    fixed64            (wire type 1)
	*   5  sum                      optional double    (wire type 1)
	*   6  scale                    sint32             (wire type 0, zigzag)
	*   7  zero_count               fixed64            (wire type 1)
	*   8  positive                 Buckets            (wire type 2)
	*   9  negative                 Buckets            (wire type 2)
	*  10  flags                    uint32             (wire type 0)
	*  11  exemplars                repeated Exemplar  (wire type 2)
	*  12  min                      optional double    (wire type 1)
	*  13  max                      optional double    (wire type 1)
	*/
	function serializeExponentialHistogramDataPoint(writer, dataPoint) {
		const start = writer.startLengthDelimited();
		const startPos = writer.pos;
		const histogram = dataPoint.value;
		if (dataPoint.attributes) (0, common_serializer_1.writeAttributes)(writer, dataPoint.attributes, 1);
		writer.writeTag(2, 1);
		(0, common_serializer_1.writeHrTimeAsFixed64)(writer, dataPoint.startTime);
		writer.writeTag(3, 1);
		(0, common_serializer_1.writeHrTimeAsFixed64)(writer, dataPoint.endTime);
		writer.writeTag(4, 1);
		writer.writeFixed64(histogram.count >>> 0, histogram.count / 4294967296 >>> 0);
		if (histogram.sum !== void 0) {
			writer.writeTag(5, 1);
			writer.writeDouble(histogram.sum);
		}
		if (histogram.scale !== 0) {
			writer.writeTag(6, 0);
			writer.writeSint32(histogram.scale);
		}
		writer.writeTag(7, 1);
		writer.writeFixed64(histogram.zeroCount >>> 0, histogram.zeroCount / 4294967296 >>> 0);
		writer.writeTag(8, 2);
		serializeExponentialBuckets(writer, histogram.positive.offset, histogram.positive.bucketCounts);
		writer.writeTag(9, 2);
		serializeExponentialBuckets(writer, histogram.negative.offset, histogram.negative.bucketCounts);
		if (histogram.min !== void 0) {
			writer.writeTag(12, 1);
			writer.writeDouble(histogram.min);
		}
		if (histogram.max !== void 0) {
			writer.writeTag(13, 1);
			writer.writeDouble(histogram.max);
		}
		writer.finishLengthDelimited(start, writer.pos - startPos);
	}
	/**
	* Serialize a Metric message with its data type
	*
	* Proto fields (Metric):
	*   1  name                     string             (wire type 2)
	*   2  description              string             (wire type 2)
	*   3  unit                     string             (wire type 2)
	*   5  gauge                    Gauge              (wire type 2)
	*   7  sum                      Sum                (wire type 2)
	*   9  histogram                Histogram          (wire type 2)
	*  10  exponential_histogram    ExponentialHist    (wire type 2)
	*  11  summary                  Summary            (wire type 2)
	*/
	function serializeMetric(writer, metricData) {
		const metricStart = writer.startLengthDelimited();
		const metricStartPos = writer.pos;
		writer.writeTag(1, 2);
		writer.writeString(metricData.descriptor.name);
		if (metricData.descriptor.description) {
			writer.writeTag(2, 2);
			writer.writeString(metricData.descriptor.description);
		}
		if (metricData.descriptor.unit) {
			writer.writeTag(3, 2);
			writer.writeString(metricData.descriptor.unit);
		}
		switch (metricData.dataPointType) {
			case sdk_metrics_1.DataPointType.GAUGE:
				writer.writeTag(5, 2);
				serializeGauge(writer, metricData);
				break;
			case sdk_metrics_1.DataPointType.SUM:
				writer.writeTag(7, 2);
				serializeSum(writer, metricData);
				break;
			case sdk_metrics_1.DataPointType.HISTOGRAM:
				writer.writeTag(9, 2);
				serializeHistogramMetric(writer, metricData);
				break;
			case sdk_metrics_1.DataPointType.EXPONENTIAL_HISTOGRAM:
				writer.writeTag(10, 2);
				serializeExponentialHistogramMetric(writer, metricData);
		}
		writer.finishLengthDelimited(metricStart, writer.pos - metricStartPos);
	}
	/**
	* Proto fields (Gauge):
	*   1  data_points  repeated NumberDataPoint  (wire type 2)
	*/
	function serializeGauge(writer, metricData) {
		const start = writer.startLengthDelimited();
		const startPos = writer.pos;
		for (const dataPoint of metricData.dataPoints) {
			writer.writeTag(1, 2);
			serializeNumberDataPoint(writer, dataPoint, metricData.descriptor.valueType);
		}
		writer.finishLengthDelimited(start, writer.pos - startPos);
	}
	/**
	* Proto fields (Sum):
	*   1  data_points               repeated NumberDataPoint  (wire type 2)
	*   2  aggregation_temporality   AggregationTemporality    (wire type 0)
	*   3  is_monotonic              bool                      (wire type 0)
	*/
	function serializeSum(writer, metricData) {
		const start = writer.startLengthDelimited();
		const startPos = writer.pos;
		for (const dataPoint of metricData.dataPoints) {
			writer.writeTag(1, 2);
			serializeNumberDataPoint(writer, dataPoint, metricData.descriptor.valueType);
		}
		const temporality = toProtoAggregationTemporality(metricData.aggregationTemporality);
		if (temporality !== 0) {
			writer.writeTag(2, 0);
			writer.writeVarint(temporality);
		}
		if (metricData.isMonotonic) {
			writer.writeTag(3, 0);
			writer.writeVarint(1);
		}
		writer.finishLengthDelimited(start, writer.pos - startPos);
	}
	/**
	* Proto fields (Histogram):
	*   1  data_points               repeated HistogramDataPoint  (wire type 2)
	*   2  aggregation_temporality   AggregationTemporality       (wire type 0)
	*/
	function serializeHistogramMetric(writer, metricData) {
		const start = writer.startLengthDelimited();
		const startPos = writer.pos;
		for (const dataPoint of metricData.dataPoints) {
			writer.writeTag(1, 2);
			serializeHistogramDataPoint(writer, dataPoint);
		}
		const temporality = toProtoAggregationTemporality(metricData.aggregationTemporality);
		if (temporality !== 0) {
			writer.writeTag(2, 0);
			writer.writeVarint(temporality);
		}
		writer.finishLengthDelimited(start, writer.pos - startPos);
	}
	/**
	* Proto fields (ExponentialHistogram):
	*   1  data_points               repeated ExponentialHistogramDataPoint  (wire type 2)
	*   2  aggregation_temporality   AggregationTemporality                 (wire type 0)
	*/
	function serializeExponentialHistogramMetric(writer, metricData) {
		const start = writer.startLengthDelimited();
		const startPos = writer.pos;
		for (const dataPoint of metricData.dataPoints) {
			writer.writeTag(1, 2);
			serializeExponentialHistogramDataPoint(writer, dataPoint);
		}
		const temporality = toProtoAggregationTemporality(metricData.aggregationTemporality);
		if (temporality !== 0) {
			writer.writeTag(2, 0);
			writer.writeVarint(temporality);
		}
		writer.finishLengthDelimited(start, writer.pos - startPos);
	}
	/**
	* Serialize ScopeMetrics directly from SDK types
	*/
	function serializeScopeMetrics(writer, scopeMetrics) {
		const scopeStart = writer.startLengthDelimited();
		const scopeStartPos = writer.pos;
		(0, common_serializer_1.writeInstrumentationScope)(writer, scopeMetrics.scope, 1);
		for (const metric of scopeMetrics.metrics) {
			writer.writeTag(2, 2);
			serializeMetric(writer, metric);
		}
		if (scopeMetrics.scope.schemaUrl) {
			writer.writeTag(3, 2);
			writer.writeString(scopeMetrics.scope.schemaUrl);
		}
		writer.finishLengthDelimited(scopeStart, writer.pos - scopeStartPos);
	}
	/**
	* Serialize ResourceMetrics directly from SDK types
	*
	* Proto fields (ResourceMetrics):
	*   1  resource       Resource           (wire type 2)
	*   2  scope_metrics  repeated ScopeMetrics  (wire type 2)
	*   3  schema_url     string             (wire type 2)
	*/
	function serializeResourceMetrics(writer, resourceMetrics) {
		const start = writer.startLengthDelimited();
		const startPos = writer.pos;
		(0, common_serializer_1.writeResource)(writer, resourceMetrics.resource, 1);
		for (const scopeMetrics of resourceMetrics.scopeMetrics) {
			writer.writeTag(2, 2);
			serializeScopeMetrics(writer, scopeMetrics);
		}
		if (resourceMetrics.resource.schemaUrl) {
			writer.writeTag(3, 2);
			writer.writeString(resourceMetrics.resource.schemaUrl);
		}
		writer.finishLengthDelimited(start, writer.pos - startPos);
	}
	function toProtoAggregationTemporality(temporality) {
		switch (temporality) {
			case sdk_metrics_1.AggregationTemporality.DELTA: return 1;
			case sdk_metrics_1.AggregationTemporality.CUMULATIVE: return 2;
			default: return 0;
		}
	}
	/**
	* Serialize ExportMetricsServiceRequest directly from ResourceMetrics
	*/
	function serializeMetricsExportRequest(resourceMetrics) {
		const estimator = new protobuf_size_estimator_1.ProtobufSizeEstimator();
		estimator.writeTag(1, 2);
		serializeResourceMetrics(estimator, resourceMetrics);
		const writer = new protobuf_writer_1.ProtobufWriter(estimator.pos);
		writer.writeTag(1, 2);
		serializeResourceMetrics(writer, resourceMetrics);
		return writer.finish();
	}
	exports.serializeMetricsExportRequest = serializeMetricsExportRequest;
}));
// node_modules/@opentelemetry/otlp-transformer/build/src/metrics/protobuf/response-deserializer.js
var require_response_deserializer$1 = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.deserializeExportMetricsServiceResponse = void 0;
	const protobuf_reader_1 = require_protobuf_reader();
	/**
	* Parse an ExportMetricsPartialSuccess embedded message from raw bytes.
	*
	* Field map (opentelemetry/proto/collector/metrics/v1/metrics_service.proto):
	*   1  rejected_data_points  int64   (varint)
	*   2  error_message         string  (length-delimited)
	*/
	function deserializePartialSuccess(data) {
		const reader = new protobuf_reader_1.ProtobufReader(data);
		const result = {};
		while (!reader.isAtEnd()) {
			const { fieldNumber, wireType } = reader.readTag();
			switch (fieldNumber) {
				case 1:
					if (wireType === 0) result.rejectedDataPoints = reader.readVarint();
					else reader.skip(wireType);
					break;
				case 2:
					if (wireType === 2) result.errorMessage = reader.readString();
					else reader.skip(wireType);
					break;
				default: reader.skip(wireType);
			}
		}
		return result;
	}
	/**
	* Parse an ExportMetricsServiceResponse protobuf message from raw bytes.
	*
	* Field map (opentelemetry/proto/collector/metrics/v1/metrics_service.proto):
	*   1  partial_success  ExportMetricsPartialSuccess  (length-delimited)
	*/
	function deserializeExportMetricsServiceResponse(data) {
		const reader = new protobuf_reader_1.ProtobufReader(data);
		const result = {};
		while (!reader.isAtEnd()) {
			const { fieldNumber, wireType } = reader.readTag();
			switch (fieldNumber) {
				case 1:
					if (wireType === 2) result.partialSuccess = deserializePartialSuccess(reader.readBytes());
					else reader.skip(wireType);
					break;
				default: reader.skip(wireType);
			}
		}
		return result;
	}
	exports.deserializeExportMetricsServiceResponse = deserializeExportMetricsServiceResponse;
}));
// node_modules/@opentelemetry/otlp-transformer/build/src/metrics/protobuf/metrics.js
var require_metrics$1 = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.ProtobufMetricsSerializer = void 0;
	const metrics_serializer_1 = require_metrics_serializer();
	const response_deserializer_1 = require_response_deserializer$1();
	exports.ProtobufMetricsSerializer = {
		serializeRequest: (arg) => {
			return (0, metrics_serializer_1.serializeMetricsExportRequest)(arg);
		},
		deserializeResponse: (arg) => {
			return (0, response_deserializer_1.deserializeExportMetricsServiceResponse)(arg);
		}
	};
}));
// node_modules/@opentelemetry/otlp-transformer/build/src/metrics/protobuf/index.js
var require_protobuf$1 = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.ProtobufMetricsSerializer = void 0;
	var metrics_1 = require_metrics$1();
	Object.defineProperty(exports, "ProtobufMetricsSerializer", {
		enumerable: true,
		get: function() {
			return metrics_1.ProtobufMetricsSerializer;
		}
	});
}));
// node_modules/@opentelemetry/otlp-transformer/build/src/trace/protobuf/trace-serializer.js
var require_trace_serializer = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.serializeTraceExportRequest = void 0;
	const protobuf_writer_1 = require_protobuf_writer();
	const hex_to_binary_1 = require_hex_to_binary();
	const common_serializer_1 = require_common_serializer();
	const protobuf_size_estimator_1 = require_protobuf_size_estimator();
	const SPAN_FLAGS_CONTEXT_HAS_IS_REMOTE_MASK = 256;
	const SPAN_FLAGS_CONTEXT_IS_REMOTE_MASK = 512;
	function buildSpanFlags(traceFlags, isRemote) {
		let flags = traceFlags & 255 | SPAN_FLAGS_CONTEXT_HAS_IS_REMOTE_MASK;
		if (isRemote) flags |= SPAN_FLAGS_CONTEXT_IS_REMOTE_MASK;
		return flags;
	}
	/**
	* Serialize a Span.Status message
	*
	* Proto fields (Status):
	*   1  (reserved)
	*   2  message   string         (length-delimited)
	*   3  code      StatusCode     (varint)
	*/
	function serializeStatus(writer, status) {
		const statusStart = writer.startLengthDelimited();
		const statusStartPos = writer.pos;
		if (status.message) {
			writer.writeTag(2, 2);
			writer.writeString(status.message);
		}
		writer.writeTag(3, 0);
		writer.writeVarint(status.code);
		writer.finishLengthDelimited(statusStart, writer.pos - statusStartPos);
	}
	/**
	* Serialize a Span.Event message
	*
	* Proto fields (Span.Event):
	*   1  time_unix_nano           fixed64            (wire type 1)
	*   2  name                     string             (wire type 2)
	*   3  attributes               repeated KeyValue  (wire type 2)
	*   4  dropped_attributes_count uint32             (wire type 0)
	*/
	function serializeEvent(writer, event) {
		const eventStart = writer.startLengthDelimited();
		const eventStartPos = writer.pos;
		writer.writeTag(1, 1);
		(0, common_serializer_1.writeHrTimeAsFixed64)(writer, event.time);
		writer.writeTag(2, 2);
		writer.writeString(event.name);
		if (event.attributes) (0, common_serializer_1.writeAttributes)(writer, event.attributes, 3);
		writer.writeTag(4, 0);
		writer.writeVarint(event.droppedAttributesCount || 0);
		writer.finishLengthDelimited(eventStart, writer.pos - eventStartPos);
	}
	/**
	* Serialize a Span.Link message
	*
	* Proto fields (Span.Link):
	*   1  trace_id                 bytes              (wire type 2)
	*   2  span_id                  bytes              (wire type 2)
	*   3  trace_state              string             (wire type 2)
	*   4  attributes               repeated KeyValue  (wire type 2)
	*   5  dropped_attributes_count uint32             (wire type 0)
	*   6  flags                    fixed32            (wire type 5)
	*/
	function serializeLink(writer, link) {
		const linkStart = writer.startLengthDelimited();
		const linkStartPos = writer.pos;
		const context = link.context;
		writer.writeTag(1, 2);
		writer.writeBytes((0, hex_to_binary_1.hexToBinary)(context.traceId));
		writer.writeTag(2, 2);
		writer.writeBytes((0, hex_to_binary_1.hexToBinary)(context.spanId));
		const linkTraceState = context.traceState?.serialize();
		if (linkTraceState) {
			writer.writeTag(3, 2);
			writer.writeString(linkTraceState);
		}
		if (link.attributes) (0, common_serializer_1.writeAttributes)(writer, link.attributes, 4);
		writer.writeTag(5, 0);
		writer.writeVarint(link.droppedAttributesCount || 0);
		const linkFlags = buildSpanFlags(context.traceFlags, context.isRemote);
		if (linkFlags) {
			writer.writeTag(6, 5);
			writer.writeFixed32(linkFlags);
		}
		writer.finishLengthDelimited(linkStart, writer.pos - linkStartPos);
	}
	/**
	* Serialize a single Span message directly from ReadableSpan
	*
	* Proto fields (Span):
	*   1  trace_id                 bytes              (wire type 2)
	*   2  span_id                  bytes              (wire type 2)
	*   3  trace_state              string             (wire type 2)
	*   4  parent_span_id           bytes              (wire type 2)
	*   5  name                     string             (wire type 2)
	*   6  kind                     SpanKind           (wire type 0)
	*   7  start_time_unix_nano     fixed64            (wire type 1)
	*   8  end_time_unix_nano       fixed64            (wire type 1)
	*   9  attributes               repeated KeyValue  (wire type 2)
	*  10  dropped_attributes_count uint32             (wire type 0)
	*  11  events                   repeated Event     (wire type 2)
	*  12  dropped_events_count     uint32             (wire type 0)
	*  13  links                    repeated Link      (wire type 2)
	*  14  dropped_links_count      uint32             (wire type 0)
	*  15  status                   Status             (wire type 2)
	*  16  flags                    fixed32            (wire type 5)
	*/
	function serializeSpan(writer, span) {
		const spanStart = writer.startLengthDelimited();
		const spanStartPos = writer.pos;
		const ctx = span.spanContext();
		writer.writeTag(1, 2);
		writer.writeBytes((0, hex_to_binary_1.hexToBinary)(ctx.traceId));
		writer.writeTag(2, 2);
		writer.writeBytes((0, hex_to_binary_1.hexToBinary)(ctx.spanId));
		const traceState = ctx.traceState?.serialize();
		if (traceState) {
			writer.writeTag(3, 2);
			writer.writeString(traceState);
		}
		if (span.parentSpanContext?.spanId) {
			writer.writeTag(4, 2);
			writer.writeBytes((0, hex_to_binary_1.hexToBinary)(span.parentSpanContext.spanId));
		}
		writer.writeTag(5, 2);
		writer.writeString(span.name);
		const kind = span.kind == null ? 0 : span.kind + 1;
		if (kind !== 0) {
			writer.writeTag(6, 0);
			writer.writeVarint(kind);
		}
		writer.writeTag(7, 1);
		(0, common_serializer_1.writeHrTimeAsFixed64)(writer, span.startTime);
		writer.writeTag(8, 1);
		(0, common_serializer_1.writeHrTimeAsFixed64)(writer, span.endTime);
		if (span.attributes) (0, common_serializer_1.writeAttributes)(writer, span.attributes, 9);
		writer.writeTag(10, 0);
		writer.writeVarint(span.droppedAttributesCount);
		for (const event of span.events) {
			writer.writeTag(11, 2);
			serializeEvent(writer, event);
		}
		writer.writeTag(12, 0);
		writer.writeVarint(span.droppedEventsCount);
		for (const link of span.links) {
			writer.writeTag(13, 2);
			serializeLink(writer, link);
		}
		writer.writeTag(14, 0);
		writer.writeVarint(span.droppedLinksCount);
		writer.writeTag(15, 2);
		serializeStatus(writer, span.status);
		const flags = buildSpanFlags(ctx.traceFlags, span.parentSpanContext?.isRemote);
		if (flags) {
			writer.writeTag(16, 5);
			writer.writeFixed32(flags);
		}
		writer.finishLengthDelimited(spanStart, writer.pos - spanStartPos);
	}
	/**
	* Serialize ScopeSpans directly from SDK types
	*/
	function serializeScopeSpans(writer, scope, spans) {
		const scopeSpansStart = writer.startLengthDelimited();
		const scopeSpansStartPos = writer.pos;
		(0, common_serializer_1.writeInstrumentationScope)(writer, scope, 1);
		for (const span of spans) {
			writer.writeTag(2, 2);
			serializeSpan(writer, span);
		}
		if (scope.schemaUrl) {
			writer.writeTag(3, 2);
			writer.writeString(scope.schemaUrl);
		}
		writer.finishLengthDelimited(scopeSpansStart, writer.pos - scopeSpansStartPos);
	}
	/**
	* Serialize ResourceSpans directly from SDK Resource type
	*/
	function serializeResourceSpans(writer, resource, scopeMap) {
		const resourceSpansStart = writer.startLengthDelimited();
		const resourceSpansStartPos = writer.pos;
		(0, common_serializer_1.writeResource)(writer, resource, 1);
		for (const scopeSpans of scopeMap.values()) {
			writer.writeTag(2, 2);
			const scope = scopeSpans[0].instrumentationScope;
			serializeScopeSpans(writer, scope, scopeSpans);
		}
		if (resource.schemaUrl) {
			writer.writeTag(3, 2);
			writer.writeString(resource.schemaUrl);
		}
		writer.finishLengthDelimited(resourceSpansStart, writer.pos - resourceSpansStartPos);
	}
	/**
	* Group spans by resource and instrumentation scope using identity comparison
	*/
	function createResourceMap(spans) {
		const resourceMap = /* @__PURE__ */ new Map();
		for (const span of spans) {
			const resource = span.resource;
			const scope = span.instrumentationScope;
			let scopeMap = resourceMap.get(resource);
			if (!scopeMap) {
				scopeMap = /* @__PURE__ */ new Map();
				resourceMap.set(resource, scopeMap);
			}
			let records = scopeMap.get(scope);
			if (!records) {
				records = [];
				scopeMap.set(scope, records);
			}
			records.push(span);
		}
		return resourceMap;
	}
	/**
	* Serialize ExportTraceServiceRequest directly from ReadableSpan[]
	*/
	function serializeTraceExportRequest(spans) {
		const resourceMap = createResourceMap(spans);
		const estimator = new protobuf_size_estimator_1.ProtobufSizeEstimator();
		for (const [resource, scopeMap] of resourceMap) {
			estimator.writeTag(1, 2);
			serializeResourceSpans(estimator, resource, scopeMap);
		}
		const writer = new protobuf_writer_1.ProtobufWriter(estimator.pos);
		for (const [resource, scopeMap] of resourceMap) {
			writer.writeTag(1, 2);
			serializeResourceSpans(writer, resource, scopeMap);
		}
		return writer.finish();
	}
	exports.serializeTraceExportRequest = serializeTraceExportRequest;
}));
// node_modules/@opentelemetry/otlp-transformer/build/src/trace/protobuf/response-deserializer.js
var require_response_deserializer = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.deserializeExportTraceServiceResponse = void 0;
	const protobuf_reader_1 = require_protobuf_reader();
	/**
	* Parse an ExportTracePartialSuccess embedded message from raw bytes.
	*
	* Field map (opentelemetry/proto/collector/trace/v1/trace_service.proto):
	*   1  rejected_spans   int64   (varint)
	*   2  error_message    string  (length-delimited)
	*/
	function deserializePartialSuccess(data) {
		const reader = new protobuf_reader_1.ProtobufReader(data);
		const result = {};
		while (!reader.isAtEnd()) {
			const { fieldNumber, wireType } = reader.readTag();
			switch (fieldNumber) {
				case 1:
					if (wireType === 0) result.rejectedSpans = reader.readVarint();
					else reader.skip(wireType);
					break;
				case 2:
					if (wireType === 2) result.errorMessage = reader.readString();
					else reader.skip(wireType);
					break;
				default: reader.skip(wireType);
			}
		}
		return result;
	}
	/**
	* Parse an ExportTraceServiceResponse protobuf message from raw bytes.
	*
	* Field map (opentelemetry/proto/collector/trace/v1/trace_service.proto):
	*   1  partial_success  ExportTracePartialSuccess  (length-delimited)
	*/
	function deserializeExportTraceServiceResponse(data) {
		const reader = new protobuf_reader_1.ProtobufReader(data);
		const result = {};
		while (!reader.isAtEnd()) {
			const { fieldNumber, wireType } = reader.readTag();
			switch (fieldNumber) {
				case 1:
					if (wireType === 2) result.partialSuccess = deserializePartialSuccess(reader.readBytes());
					else reader.skip(wireType);
					break;
				default: reader.skip(wireType);
			}
		}
		return result;
	}
	exports.deserializeExportTraceServiceResponse = deserializeExportTraceServiceResponse;
}));
// node_modules/@opentelemetry/otlp-transformer/build/src/trace/protobuf/trace.js
var require_trace$1 = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.ProtobufTraceSerializer = void 0;
	const trace_serializer_1 = require_trace_serializer();
	const response_deserializer_1 = require_response_deserializer();
	exports.ProtobufTraceSerializer = {
		serializeRequest: (arg) => {
			return (0, trace_serializer_1.serializeTraceExportRequest)(arg);
		},
		deserializeResponse: (arg) => {
			return (0, response_deserializer_1.deserializeExportTraceServiceResponse)(arg);
		}
	};
}));
// node_modules/@opentelemetry/otlp-transformer/build/src/trace/protobuf/index.js
var require_protobuf = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.ProtobufTraceSerializer = void 0;
	var trace_1 = require_trace$1();
	Object.defineProperty(exports, "ProtobufTraceSerializer", {
		enumerable: true,
		get: function() {
			return trace_1.ProtobufTraceSerializer;
		}
	});
}));
// node_modules/@opentelemetry/otlp-transformer/build/src/common/internal.js
var require_internal$3 = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.toAnyValue = exports.toKeyValue = exports.toAttributes = exports.createInstrumentationScope = exports.createResource = void 0;
	function createResource(resource, encoder) {
		const result = {
			attributes: toAttributes(resource.attributes, encoder),
			droppedAttributesCount: 0
		};
		const schemaUrl = resource.schemaUrl;
		if (schemaUrl && schemaUrl !== "") result.schemaUrl = schemaUrl;
		return result;
	}
	exports.createResource = createResource;
	function createInstrumentationScope(scope, encoder) {
		const result = {
			name: scope.name,
			version: scope.version
		};
		if (scope.attributes && Object.keys(scope.attributes).length > 0) {
			result.attributes = toAttributes(scope.attributes, encoder);
			result.droppedAttributesCount = scope.droppedAttributesCount ?? 0;
		}
		return result;
	}
	exports.createInstrumentationScope = createInstrumentationScope;
	function toAttributes(attributes, encoder) {
		return Object.keys(attributes).map((key) => toKeyValue(key, attributes[key], encoder));
	}
	exports.toAttributes = toAttributes;
	function toKeyValue(key, value, encoder) {
		return {
			key,
			value: toAnyValue(value, encoder)
		};
	}
	exports.toKeyValue = toKeyValue;
	function toAnyValue(value, encoder) {
		const t = typeof value;
		if (t === "string") return { stringValue: value };
		if (t === "number") {
			if (!Number.isInteger(value)) return { doubleValue: value };
			return { intValue: value };
		}
		if (t === "boolean") return { boolValue: value };
		if (value instanceof Uint8Array) return { bytesValue: encoder.encodeUint8Array(value) };
		if (Array.isArray(value)) {
			const values = new Array(value.length);
			for (let i = 0; i < value.length; i++) values[i] = toAnyValue(value[i], encoder);
			return { arrayValue: { values } };
		}
		if (t === "object" && value != null) {
			const keys = Object.keys(value);
			const values = new Array(keys.length);
			for (let i = 0; i < keys.length; i++) values[i] = {
				key: keys[i],
				value: toAnyValue(value[keys[i]], encoder)
			};
			return { kvlistValue: { values } };
		}
		return {};
	}
	exports.toAnyValue = toAnyValue;
}));
// node_modules/@opentelemetry/otlp-transformer/build/src/logs/internal.js
var require_internal$2 = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.createExportLogsServiceRequest = void 0;
	const internal_1 = require_internal$3();
	function createExportLogsServiceRequest(logRecords, encoder) {
		return { resourceLogs: logRecordsToResourceLogs(logRecords, encoder) };
	}
	exports.createExportLogsServiceRequest = createExportLogsServiceRequest;
	function createResourceMap(logRecords) {
		const resourceMap = /* @__PURE__ */ new Map();
		for (const record of logRecords) {
			const { resource, instrumentationScope } = record;
			let ismMap = resourceMap.get(resource);
			if (!ismMap) {
				ismMap = /* @__PURE__ */ new Map();
				resourceMap.set(resource, ismMap);
			}
			let records = ismMap.get(instrumentationScope);
			if (!records) {
				records = [];
				ismMap.set(instrumentationScope, records);
			}
			records.push(record);
		}
		return resourceMap;
	}
	function logRecordsToResourceLogs(logRecords, encoder) {
		const resourceMap = createResourceMap(logRecords);
		return Array.from(resourceMap, ([resource, ismMap]) => {
			const processedResource = (0, internal_1.createResource)(resource, encoder);
			return {
				resource: processedResource,
				scopeLogs: Array.from(ismMap, ([, scopeLogs]) => {
					return {
						scope: (0, internal_1.createInstrumentationScope)(scopeLogs[0].instrumentationScope, encoder),
						logRecords: scopeLogs.map((log) => toLogRecord(log, encoder)),
						schemaUrl: scopeLogs[0].instrumentationScope.schemaUrl
					};
				}),
				schemaUrl: processedResource.schemaUrl
			};
		});
	}
	function toLogRecord(log, encoder) {
		return {
			timeUnixNano: encoder.encodeHrTime(log.hrTime),
			observedTimeUnixNano: encoder.encodeHrTime(log.hrTimeObserved),
			severityNumber: toSeverityNumber(log.severityNumber),
			severityText: log.severityText,
			body: (0, internal_1.toAnyValue)(log.body, encoder),
			eventName: log.eventName,
			attributes: (0, internal_1.toAttributes)(log.attributes, encoder),
			droppedAttributesCount: log.droppedAttributesCount,
			flags: log.spanContext?.traceFlags,
			traceId: encoder.encodeOptionalSpanContext(log.spanContext?.traceId),
			spanId: encoder.encodeOptionalSpanContext(log.spanContext?.spanId)
		};
	}
	function toSeverityNumber(severityNumber) {
		return severityNumber;
	}
}));
// node_modules/@opentelemetry/otlp-transformer/build/src/common/utils.js
var require_utils$1 = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.JSON_ENCODER = exports.PROTOBUF_ENCODER = exports.encodeAsString = exports.encodeAsLongBits = exports.toLongBits = exports.hrTimeToNanos = void 0;
	const core_1 = require_src$6();
	const hex_to_binary_1 = require_hex_to_binary();
	function hrTimeToNanos(hrTime) {
		const NANOSECONDS = BigInt(1e9);
		return BigInt(Math.trunc(hrTime[0])) * NANOSECONDS + BigInt(Math.trunc(hrTime[1]));
	}
	exports.hrTimeToNanos = hrTimeToNanos;
	function toLongBits(value) {
		return {
			low: Number(BigInt.asUintN(32, value)),
			high: Number(BigInt.asUintN(32, value >> BigInt(32)))
		};
	}
	exports.toLongBits = toLongBits;
	function encodeAsLongBits(hrTime) {
		return toLongBits(hrTimeToNanos(hrTime));
	}
	exports.encodeAsLongBits = encodeAsLongBits;
	function encodeAsString(hrTime) {
		return hrTimeToNanos(hrTime).toString();
	}
	exports.encodeAsString = encodeAsString;
	const encodeTimestamp = typeof BigInt !== "undefined" ? encodeAsString : core_1.hrTimeToNanoseconds;
	function identity(value) {
		return value;
	}
	function optionalHexToBinary(str) {
		if (str === void 0) return void 0;
		return (0, hex_to_binary_1.hexToBinary)(str);
	}
	/**
	* Encoder for protobuf format.
	* Uses { high, low } timestamps and binary for span/trace IDs, leaves Uint8Array attributes as-is.
	*/
	exports.PROTOBUF_ENCODER = {
		encodeHrTime: encodeAsLongBits,
		encodeSpanContext: hex_to_binary_1.hexToBinary,
		encodeOptionalSpanContext: optionalHexToBinary,
		encodeUint8Array: identity
	};
	/**
	* Encoder for JSON format.
	* Uses string timestamps, hex for span/trace IDs, and base64 for Uint8Array.
	*/
	exports.JSON_ENCODER = {
		encodeHrTime: encodeTimestamp,
		encodeSpanContext: identity,
		encodeOptionalSpanContext: identity,
		encodeUint8Array: (bytes) => {
			if (typeof Buffer !== "undefined") return Buffer.from(bytes).toString("base64");
			const chars = new Array(bytes.length);
			for (let i = 0; i < bytes.length; i++) chars[i] = String.fromCharCode(bytes[i]);
			return btoa(chars.join(""));
		}
	};
}));
// node_modules/@opentelemetry/otlp-transformer/build/src/logs/json/logs.js
var require_logs = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.JsonLogsSerializer = void 0;
	const internal_1 = require_internal$2();
	const utils_1 = require_utils$1();
	const api_1 = (init_esm$1(), __toCommonJS(esm_exports$1));
	/**
	* @experimental this serializer may receive breaking changes in minor versions, pin this package's version when using this constant
	*/
	exports.JsonLogsSerializer = {
		serializeRequest: (arg) => {
			const request = (0, internal_1.createExportLogsServiceRequest)(arg, utils_1.JSON_ENCODER);
			return new TextEncoder().encode(JSON.stringify(request));
		},
		deserializeResponse: (arg) => {
			if (arg.length === 0) return {};
			const decoder = new TextDecoder();
			try {
				return JSON.parse(decoder.decode(arg));
			} catch (err) {
				api_1.diag.warn(`Failed to parse logs export response: ${err.message}. Returning empty response`);
				return {};
			}
		}
	};
}));
// node_modules/@opentelemetry/otlp-transformer/build/src/logs/json/index.js
var require_json$2 = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.JsonLogsSerializer = void 0;
	var logs_1 = require_logs();
	Object.defineProperty(exports, "JsonLogsSerializer", {
		enumerable: true,
		get: function() {
			return logs_1.JsonLogsSerializer;
		}
	});
}));
// node_modules/@opentelemetry/otlp-transformer/build/src/metrics/internal-types.js
var require_internal_types = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.EAggregationTemporality = void 0;
	/**
	* AggregationTemporality defines how a metric aggregator reports aggregated
	* values. It describes how those values relate to the time interval over
	* which they are aggregated.
	*/
	var EAggregationTemporality;
	(function(EAggregationTemporality) {
		EAggregationTemporality[EAggregationTemporality["AGGREGATION_TEMPORALITY_UNSPECIFIED"] = 0] = "AGGREGATION_TEMPORALITY_UNSPECIFIED";
		/** DELTA is an AggregationTemporality for a metric aggregator which reports
		changes since last report time. Successive metrics contain aggregation of
		values from continuous and non-overlapping intervals.
		
		The values for a DELTA metric are based only on the time interval
		associated with one measurement cycle. There is no dependency on
		previous measurements like is the case for CUMULATIVE metrics.
		
		For example, consider a system measuring the number of requests that
		it receives and reports the sum of these requests every second as a
		DELTA metric:
		
		1. The system starts receiving at time=t_0.
		2. A request is received, the system measures 1 request.
		3. A request is received, the system measures 1 request.
		4. A request is received, the system measures 1 request.
		5. The 1 second collection cycle ends. A metric is exported for the
		number of requests received over the interval of time t_0 to
		t_0+1 with a value of 3.
		6. A request is received, the system measures 1 request.
		7. A request is received, the system measures 1 request.
		8. The 1 second collection cycle ends. A metric is exported for the
		number of requests received over the interval of time t_0+1 to
		t_0+2 with a value of 2. */
		EAggregationTemporality[EAggregationTemporality["AGGREGATION_TEMPORALITY_DELTA"] = 1] = "AGGREGATION_TEMPORALITY_DELTA";
		/** CUMULATIVE is an AggregationTemporality for a metric aggregator which
		reports changes since a fixed start time. This means that current values
		of a CUMULATIVE metric depend on all previous measurements since the
		start time. Because of this, the sender is required to retain this state
		in some form. If this state is lost or invalidated, the CUMULATIVE metric
		values MUST be reset and a new fixed start time following the last
		reported measurement time sent MUST be used.
		
		For example, consider a system measuring the number of requests that
		it receives and reports the sum of these requests every second as a
		CUMULATIVE metric:
		
		1. The system starts receiving at time=t_0.
		2. A request is received, the system measures 1 request.
		3. A request is received, the system measures 1 request.
		4. A request is received, the system measures 1 request.
		5. The 1 second collection cycle ends. A metric is exported for the
		number of requests received over the interval of time t_0 to
		t_0+1 with a value of 3.
		6. A request is received, the system measures 1 request.
		7. A request is received, the system measures 1 request.
		8. The 1 second collection cycle ends. A metric is exported for the
		number of requests received over the interval of time t_0 to
		t_0+2 with a value of 5.
		9. The system experiences a fault and loses state.
		10. The system recovers and resumes receiving at time=t_1.
		11. A request is received, the system measures 1 request.
		12. The 1 second collection cycle ends. A metric is exported for the
		number of requests received over the interval of time t_1 to
		t_0+1 with a value of 1.
		
		Note: Even though, when reporting changes since last report time, using
		CUMULATIVE is valid, it is not recommended. This may cause problems for
		systems that do not use start_time to determine when the aggregation
		value was reset (e.g. Prometheus). */
		EAggregationTemporality[EAggregationTemporality["AGGREGATION_TEMPORALITY_CUMULATIVE"] = 2] = "AGGREGATION_TEMPORALITY_CUMULATIVE";
	})(EAggregationTemporality || (exports.EAggregationTemporality = EAggregationTemporality = {}));
}));
// node_modules/@opentelemetry/otlp-transformer/build/src/metrics/internal.js
var require_internal$1 = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.createExportMetricsServiceRequest = exports.toMetric = exports.toScopeMetrics = exports.toResourceMetrics = void 0;
	const api_1 = (init_esm$1(), __toCommonJS(esm_exports$1));
	const sdk_metrics_1 = require_src$3();
	const internal_types_1 = require_internal_types();
	const internal_1 = require_internal$3();
	function toResourceMetrics(resourceMetrics, encoder) {
		const processedResource = (0, internal_1.createResource)(resourceMetrics.resource, encoder);
		return {
			resource: processedResource,
			schemaUrl: processedResource.schemaUrl,
			scopeMetrics: toScopeMetrics(resourceMetrics.scopeMetrics, encoder)
		};
	}
	exports.toResourceMetrics = toResourceMetrics;
	function toScopeMetrics(scopeMetrics, encoder) {
		return Array.from(scopeMetrics.map((metrics) => ({
			scope: (0, internal_1.createInstrumentationScope)(metrics.scope, encoder),
			metrics: metrics.metrics.map((metricData) => toMetric(metricData, encoder)),
			schemaUrl: metrics.scope.schemaUrl
		})));
	}
	exports.toScopeMetrics = toScopeMetrics;
	function toMetric(metricData, encoder) {
		const out = {
			name: metricData.descriptor.name,
			description: metricData.descriptor.description,
			unit: metricData.descriptor.unit
		};
		const aggregationTemporality = toAggregationTemporality(metricData.aggregationTemporality);
		switch (metricData.dataPointType) {
			case sdk_metrics_1.DataPointType.SUM:
				out.sum = {
					aggregationTemporality,
					isMonotonic: metricData.isMonotonic,
					dataPoints: toSingularDataPoints(metricData, encoder)
				};
				break;
			case sdk_metrics_1.DataPointType.GAUGE:
				out.gauge = { dataPoints: toSingularDataPoints(metricData, encoder) };
				break;
			case sdk_metrics_1.DataPointType.HISTOGRAM:
				out.histogram = {
					aggregationTemporality,
					dataPoints: toHistogramDataPoints(metricData, encoder)
				};
				break;
			case sdk_metrics_1.DataPointType.EXPONENTIAL_HISTOGRAM: out.exponentialHistogram = {
				aggregationTemporality,
				dataPoints: toExponentialHistogramDataPoints(metricData, encoder)
			};
		}
		return out;
	}
	exports.toMetric = toMetric;
	function toSingularDataPoint(dataPoint, valueType, encoder) {
		const out = {
			attributes: (0, internal_1.toAttributes)(dataPoint.attributes, encoder),
			startTimeUnixNano: encoder.encodeHrTime(dataPoint.startTime),
			timeUnixNano: encoder.encodeHrTime(dataPoint.endTime)
		};
		switch (valueType) {
			case api_1.ValueType.INT:
				out.asInt = dataPoint.value;
				break;
			case api_1.ValueType.DOUBLE: out.asDouble = dataPoint.value;
		}
		return out;
	}
	function toSingularDataPoints(metricData, encoder) {
		return metricData.dataPoints.map((dataPoint) => {
			return toSingularDataPoint(dataPoint, metricData.descriptor.valueType, encoder);
		});
	}
	function toHistogramDataPoints(metricData, encoder) {
		return metricData.dataPoints.map((dataPoint) => {
			const histogram = dataPoint.value;
			return {
				attributes: (0, internal_1.toAttributes)(dataPoint.attributes, encoder),
				bucketCounts: histogram.buckets.counts,
				explicitBounds: histogram.buckets.boundaries,
				count: histogram.count,
				sum: histogram.sum,
				min: histogram.min,
				max: histogram.max,
				startTimeUnixNano: encoder.encodeHrTime(dataPoint.startTime),
				timeUnixNano: encoder.encodeHrTime(dataPoint.endTime)
			};
		});
	}
	function toExponentialHistogramDataPoints(metricData, encoder) {
		return metricData.dataPoints.map((dataPoint) => {
			const histogram = dataPoint.value;
			return {
				attributes: (0, internal_1.toAttributes)(dataPoint.attributes, encoder),
				count: histogram.count,
				min: histogram.min,
				max: histogram.max,
				sum: histogram.sum,
				positive: {
					offset: histogram.positive.offset,
					bucketCounts: histogram.positive.bucketCounts
				},
				negative: {
					offset: histogram.negative.offset,
					bucketCounts: histogram.negative.bucketCounts
				},
				scale: histogram.scale,
				zeroCount: histogram.zeroCount,
				startTimeUnixNano: encoder.encodeHrTime(dataPoint.startTime),
				timeUnixNano: encoder.encodeHrTime(dataPoint.endTime)
			};
		});
	}
	function toAggregationTemporality(temporality) {
		switch (temporality) {
			case sdk_metrics_1.AggregationTemporality.DELTA: return internal_types_1.EAggregationTemporality.AGGREGATION_TEMPORALITY_DELTA;
			case sdk_metrics_1.AggregationTemporality.CUMULATIVE: return internal_types_1.EAggregationTemporality.AGGREGATION_TEMPORALITY_CUMULATIVE;
		}
	}
	function createExportMetricsServiceRequest(resourceMetrics, encoder) {
		return { resourceMetrics: resourceMetrics.map((metrics) => toResourceMetrics(metrics, encoder)) };
	}
	exports.createExportMetricsServiceRequest = createExportMetricsServiceRequest;
}));
// node_modules/@opentelemetry/otlp-transformer/build/src/metrics/json/metrics.js
var require_metrics = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.JsonMetricsSerializer = void 0;
	const internal_1 = require_internal$1();
	const utils_1 = require_utils$1();
	const api_1 = (init_esm$1(), __toCommonJS(esm_exports$1));
	exports.JsonMetricsSerializer = {
		serializeRequest: (arg) => {
			const request = (0, internal_1.createExportMetricsServiceRequest)([arg], utils_1.JSON_ENCODER);
			return new TextEncoder().encode(JSON.stringify(request));
		},
		deserializeResponse: (arg) => {
			if (arg.length === 0) return {};
			const decoder = new TextDecoder();
			try {
				return JSON.parse(decoder.decode(arg));
			} catch (err) {
				api_1.diag.warn(`Failed to parse metrics export response: ${err.message}. Returning empty response`);
				return {};
			}
		}
	};
}));
// node_modules/@opentelemetry/otlp-transformer/build/src/metrics/json/index.js
var require_json$1 = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.JsonMetricsSerializer = void 0;
	var metrics_1 = require_metrics();
	Object.defineProperty(exports, "JsonMetricsSerializer", {
		enumerable: true,
		get: function() {
			return metrics_1.JsonMetricsSerializer;
		}
	});
}));
// node_modules/@opentelemetry/otlp-transformer/build/src/trace/internal.js
var require_internal = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.createExportTraceServiceRequest = exports.toOtlpSpanEvent = exports.toOtlpLink = exports.sdkSpanToOtlpSpan = void 0;
	const internal_1 = require_internal$3();
	const SPAN_FLAGS_CONTEXT_HAS_IS_REMOTE_MASK = 256;
	const SPAN_FLAGS_CONTEXT_IS_REMOTE_MASK = 512;
	/**
	* Builds the 32-bit span flags value combining the low 8-bit W3C TraceFlags
	* with the HAS_IS_REMOTE and IS_REMOTE bits according to the OTLP spec.
	*/
	function buildSpanFlagsFrom(traceFlags, isRemote) {
		let flags = traceFlags & 255 | SPAN_FLAGS_CONTEXT_HAS_IS_REMOTE_MASK;
		if (isRemote) flags |= SPAN_FLAGS_CONTEXT_IS_REMOTE_MASK;
		return flags;
	}
	function sdkSpanToOtlpSpan(span, encoder) {
		const ctx = span.spanContext();
		const status = span.status;
		const parentSpanId = span.parentSpanContext?.spanId ? encoder.encodeSpanContext(span.parentSpanContext?.spanId) : void 0;
		return {
			traceId: encoder.encodeSpanContext(ctx.traceId),
			spanId: encoder.encodeSpanContext(ctx.spanId),
			parentSpanId,
			traceState: ctx.traceState?.serialize(),
			name: span.name,
			kind: span.kind == null ? 0 : span.kind + 1,
			startTimeUnixNano: encoder.encodeHrTime(span.startTime),
			endTimeUnixNano: encoder.encodeHrTime(span.endTime),
			attributes: (0, internal_1.toAttributes)(span.attributes, encoder),
			droppedAttributesCount: span.droppedAttributesCount,
			events: span.events.map((event) => toOtlpSpanEvent(event, encoder)),
			droppedEventsCount: span.droppedEventsCount,
			status: {
				code: status.code,
				message: status.message
			},
			links: span.links.map((link) => toOtlpLink(link, encoder)),
			droppedLinksCount: span.droppedLinksCount,
			flags: buildSpanFlagsFrom(ctx.traceFlags, span.parentSpanContext?.isRemote)
		};
	}
	exports.sdkSpanToOtlpSpan = sdkSpanToOtlpSpan;
	function toOtlpLink(link, encoder) {
		return {
			attributes: link.attributes ? (0, internal_1.toAttributes)(link.attributes, encoder) : [],
			spanId: encoder.encodeSpanContext(link.context.spanId),
			traceId: encoder.encodeSpanContext(link.context.traceId),
			traceState: link.context.traceState?.serialize(),
			droppedAttributesCount: link.droppedAttributesCount || 0,
			flags: buildSpanFlagsFrom(link.context.traceFlags, link.context.isRemote)
		};
	}
	exports.toOtlpLink = toOtlpLink;
	function toOtlpSpanEvent(timedEvent, encoder) {
		return {
			attributes: timedEvent.attributes ? (0, internal_1.toAttributes)(timedEvent.attributes, encoder) : [],
			name: timedEvent.name,
			timeUnixNano: encoder.encodeHrTime(timedEvent.time),
			droppedAttributesCount: timedEvent.droppedAttributesCount || 0
		};
	}
	exports.toOtlpSpanEvent = toOtlpSpanEvent;
	function createExportTraceServiceRequest(spans, encoder) {
		return { resourceSpans: spanRecordsToResourceSpans(spans, encoder) };
	}
	exports.createExportTraceServiceRequest = createExportTraceServiceRequest;
	function createResourceMap(readableSpans) {
		const resourceMap = /* @__PURE__ */ new Map();
		for (const record of readableSpans) {
			let ilsMap = resourceMap.get(record.resource);
			if (!ilsMap) {
				ilsMap = /* @__PURE__ */ new Map();
				resourceMap.set(record.resource, ilsMap);
			}
			const instrumentationScopeKey = `${record.instrumentationScope.name}@${record.instrumentationScope.version || ""}:${record.instrumentationScope.schemaUrl || ""}`;
			let records = ilsMap.get(instrumentationScopeKey);
			if (!records) {
				records = [];
				ilsMap.set(instrumentationScopeKey, records);
			}
			records.push(record);
		}
		return resourceMap;
	}
	function spanRecordsToResourceSpans(readableSpans, encoder) {
		const resourceMap = createResourceMap(readableSpans);
		const out = [];
		const entryIterator = resourceMap.entries();
		let entry = entryIterator.next();
		while (!entry.done) {
			const [resource, ilmMap] = entry.value;
			const scopeResourceSpans = [];
			const ilmIterator = ilmMap.values();
			let ilmEntry = ilmIterator.next();
			while (!ilmEntry.done) {
				const scopeSpans = ilmEntry.value;
				if (scopeSpans.length > 0) {
					const spans = scopeSpans.map((readableSpan) => sdkSpanToOtlpSpan(readableSpan, encoder));
					scopeResourceSpans.push({
						scope: (0, internal_1.createInstrumentationScope)(scopeSpans[0].instrumentationScope, encoder),
						spans,
						schemaUrl: scopeSpans[0].instrumentationScope.schemaUrl
					});
				}
				ilmEntry = ilmIterator.next();
			}
			const processedResource = (0, internal_1.createResource)(resource, encoder);
			const transformedSpans = {
				resource: processedResource,
				scopeSpans: scopeResourceSpans,
				schemaUrl: processedResource.schemaUrl
			};
			out.push(transformedSpans);
			entry = entryIterator.next();
		}
		return out;
	}
}));
// node_modules/@opentelemetry/otlp-transformer/build/src/trace/json/trace.js
var require_trace = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.JsonTraceSerializer = void 0;
	const internal_1 = require_internal();
	const utils_1 = require_utils$1();
	const api_1 = (init_esm$1(), __toCommonJS(esm_exports$1));
	exports.JsonTraceSerializer = {
		serializeRequest: (arg) => {
			const request = (0, internal_1.createExportTraceServiceRequest)(arg, utils_1.JSON_ENCODER);
			return new TextEncoder().encode(JSON.stringify(request));
		},
		deserializeResponse: (arg) => {
			if (arg.length === 0) return {};
			const decoder = new TextDecoder();
			try {
				return JSON.parse(decoder.decode(arg));
			} catch (err) {
				api_1.diag.warn(`Failed to parse trace export response: ${err.message}. Returning empty response`);
				return {};
			}
		}
	};
}));
// node_modules/@opentelemetry/otlp-transformer/build/src/trace/json/index.js
var require_json = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.JsonTraceSerializer = void 0;
	var trace_1 = require_trace();
	Object.defineProperty(exports, "JsonTraceSerializer", {
		enumerable: true,
		get: function() {
			return trace_1.JsonTraceSerializer;
		}
	});
}));
// node_modules/@opentelemetry/otlp-transformer/build/src/index.js
var require_src$2 = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.JsonTraceSerializer = exports.JsonMetricsSerializer = exports.JsonLogsSerializer = exports.ProtobufTraceSerializer = exports.ProtobufMetricsSerializer = exports.ProtobufLogsSerializer = exports.LogsExporterMetricsHelper = exports.TraceExporterMetricsHelper = exports.MetricsExporterMetricsHelper = void 0;
	var metrics_1 = require_metrics$2();
	Object.defineProperty(exports, "MetricsExporterMetricsHelper", {
		enumerable: true,
		get: function() {
			return metrics_1.MetricsExporterMetricsHelper;
		}
	});
	var trace_1 = require_trace$2();
	Object.defineProperty(exports, "TraceExporterMetricsHelper", {
		enumerable: true,
		get: function() {
			return trace_1.TraceExporterMetricsHelper;
		}
	});
	var logs_1 = require_logs$3();
	Object.defineProperty(exports, "LogsExporterMetricsHelper", {
		enumerable: true,
		get: function() {
			return logs_1.LogsExporterMetricsHelper;
		}
	});
	var protobuf_1 = require_protobuf$2();
	Object.defineProperty(exports, "ProtobufLogsSerializer", {
		enumerable: true,
		get: function() {
			return protobuf_1.ProtobufLogsSerializer;
		}
	});
	var protobuf_2 = require_protobuf$1();
	Object.defineProperty(exports, "ProtobufMetricsSerializer", {
		enumerable: true,
		get: function() {
			return protobuf_2.ProtobufMetricsSerializer;
		}
	});
	var protobuf_3 = require_protobuf();
	Object.defineProperty(exports, "ProtobufTraceSerializer", {
		enumerable: true,
		get: function() {
			return protobuf_3.ProtobufTraceSerializer;
		}
	});
	var json_1 = require_json$2();
	Object.defineProperty(exports, "JsonLogsSerializer", {
		enumerable: true,
		get: function() {
			return json_1.JsonLogsSerializer;
		}
	});
	var json_2 = require_json$1();
	Object.defineProperty(exports, "JsonMetricsSerializer", {
		enumerable: true,
		get: function() {
			return json_2.JsonMetricsSerializer;
		}
	});
	var json_3 = require_json();
	Object.defineProperty(exports, "JsonTraceSerializer", {
		enumerable: true,
		get: function() {
			return json_3.JsonTraceSerializer;
		}
	});
}));
// node_modules/@opentelemetry/otlp-exporter-base/build/esm/util.js
/**
* Parses headers from config leaving only those that have defined values
* @param partialHeaders
*/
function validateAndNormalizeHeaders(partialHeaders) {
	const headers = {};
	Object.entries(partialHeaders ?? {}).forEach(([key, value]) => {
		if (typeof value !== "undefined") headers[key] = String(value);
		else diag.warn(`Header "${key}" has invalid value (${value}) and will be ignored`);
	});
	return headers;
}
var init_util = __esmMin((() => {
	init_esm$1();
}));
// node_modules/@opentelemetry/otlp-exporter-base/build/esm/configuration/otlp-http-configuration.js
function mergeHeaders(userProvidedHeaders, fallbackHeaders, defaultHeaders) {
	return async () => {
		const requiredHeaders = { ...await defaultHeaders() };
		const headers = {};
		if (fallbackHeaders != null) Object.assign(headers, await fallbackHeaders());
		if (userProvidedHeaders != null) Object.assign(headers, validateAndNormalizeHeaders(await userProvidedHeaders()));
		return Object.assign(headers, requiredHeaders);
	};
}
function validateUserProvidedUrl(url) {
	if (url == null) return;
	try {
		const base = globalThis.location?.href;
		return new URL(url, base).href;
	} catch {
		throw new Error(`Configuration: Could not parse user-provided export URL: '${url}'`);
	}
}
/**
* @param userProvidedConfiguration  Configuration options provided by the user in code.
* @param fallbackConfiguration Fallback to use when the {@link userProvidedConfiguration} does not specify an option.
* @param defaultConfiguration The defaults as defined by the exporter specification
*/
function mergeOtlpHttpConfigurationWithDefaults(userProvidedConfiguration, fallbackConfiguration, defaultConfiguration) {
	return {
		...mergeOtlpSharedConfigurationWithDefaults(userProvidedConfiguration, fallbackConfiguration, defaultConfiguration),
		headers: mergeHeaders(userProvidedConfiguration.headers, fallbackConfiguration.headers, defaultConfiguration.headers),
		url: validateUserProvidedUrl(userProvidedConfiguration.url) ?? fallbackConfiguration.url ?? defaultConfiguration.url
	};
}
function getHttpConfigurationDefaults(requiredHeaders, signalResourcePath) {
	return {
		...getSharedConfigurationDefaults(),
		headers: async () => requiredHeaders,
		url: "http://localhost:4318/" + signalResourcePath
	};
}
var init_otlp_http_configuration = __esmMin((() => {
	init_shared_configuration();
	init_util();
}));
// node_modules/@opentelemetry/otlp-exporter-base/build/esm/configuration/otlp-node-http-configuration.js
function httpAgentFactoryFromOptions(options) {
	return async (protocol) => {
		const isInsecure = protocol === "http:";
		const { Agent } = await (isInsecure ? import("http") : import("https"));
		if (isInsecure) {
			const { ca, cert, key, ...insecureOptions } = options;
			return new Agent(insecureOptions);
		}
		return new Agent(options);
	};
}
/**
* @param userProvidedConfiguration  Configuration options provided by the user in code.
* @param fallbackConfiguration Fallback to use when the {@link userProvidedConfiguration} does not specify an option.
* @param defaultConfiguration The defaults as defined by the exporter specification
*/
function mergeOtlpNodeHttpConfigurationWithDefaults(userProvidedConfiguration, fallbackConfiguration, defaultConfiguration) {
	return {
		...mergeOtlpHttpConfigurationWithDefaults(userProvidedConfiguration, fallbackConfiguration, defaultConfiguration),
		agentFactory: userProvidedConfiguration.agentFactory ?? fallbackConfiguration.agentFactory ?? defaultConfiguration.agentFactory,
		userAgent: userProvidedConfiguration.userAgent
	};
}
function getNodeHttpConfigurationDefaults(requiredHeaders, signalResourcePath) {
	return {
		...getHttpConfigurationDefaults(requiredHeaders, signalResourcePath),
		agentFactory: httpAgentFactoryFromOptions({ keepAlive: true })
	};
}
var init_otlp_node_http_configuration = __esmMin((() => {
	init_otlp_http_configuration();
}));
// node_modules/@opentelemetry/otlp-exporter-base/build/esm/is-export-retryable.js
function isExportHTTPErrorRetryable(statusCode) {
	return statusCode === 429 || statusCode === 502 || statusCode === 503 || statusCode === 504;
}
function parseRetryAfterToMills(retryAfter) {
	if (retryAfter == null) return;
	const seconds = Number.parseInt(retryAfter, 10);
	if (Number.isInteger(seconds)) return seconds > 0 ? seconds * 1e3 : -1;
	const delay = new Date(retryAfter).getTime() - Date.now();
	if (delay >= 0) return delay;
	return 0;
}
var init_is_export_retryable = __esmMin((() => {}));
// node_modules/@opentelemetry/otlp-exporter-base/build/esm/transport/http-transport-utils.js
/**
* Sends data using http
* @param request
* @param url
* @param headers
* @param compression
* @param userAgent
* @param agent
* @param data
* @param timeoutMillis
*/
function sendWithHttp(request, url, headers, compression, userAgent, agent, data, timeoutMillis) {
	return new Promise((resolve) => {
		const parsedUrl = new URL(url);
		if (userAgent) headers["User-Agent"] = `${userAgent} ${DEFAULT_USER_AGENT}`;
		else headers["User-Agent"] = DEFAULT_USER_AGENT;
		const req = request(parsedUrl, {
			method: "POST",
			headers,
			agent
		}, (res) => {
			const responseData = [];
			let responseSize = 0;
			res.on("data", (chunk) => {
				responseSize += chunk.length;
				if (responseSize > 4194304) {
					resolve({
						status: "failure",
						error: /* @__PURE__ */ new Error(`OTLP export response body exceeded size limit of ${MAX_RESPONSE_BODY_SIZE} bytes`)
					});
					res.destroy();
					return;
				}
				responseData.push(chunk);
			});
			res.on("end", () => {
				if (res.statusCode && res.statusCode <= 299) resolve({
					status: "success",
					data: Buffer.concat(responseData)
				});
				else if (res.statusCode && isExportHTTPErrorRetryable(res.statusCode)) resolve({
					status: "retryable",
					retryInMillis: parseRetryAfterToMills(res.headers["retry-after"])
				});
				else resolve({
					status: "failure",
					error: new OTLPExporterError(res.statusMessage, res.statusCode, Buffer.concat(responseData).toString())
				});
			});
			res.on("error", (error) => {
				if (res.statusCode && res.statusCode <= 299) resolve({ status: "success" });
				else if (res.statusCode && isExportHTTPErrorRetryable(res.statusCode)) resolve({
					status: "retryable",
					error,
					retryInMillis: parseRetryAfterToMills(res.headers["retry-after"])
				});
				else resolve({
					status: "failure",
					error
				});
			});
		});
		req.setTimeout(timeoutMillis, () => {
			req.destroy();
			resolve({
				status: "retryable",
				error: /* @__PURE__ */ new Error("Request timed out")
			});
		});
		req.on("error", (error) => {
			if (isHttpTransportNetworkErrorRetryable(error)) resolve({
				status: "retryable",
				error
			});
			else resolve({
				status: "failure",
				error
			});
		});
		compressAndSend(req, compression, data, (error) => {
			resolve({
				status: "failure",
				error
			});
		});
	});
}
function compressAndSend(req, compression, data, onError) {
	let dataStream = readableFromUint8Array(data);
	if (compression === "gzip") {
		req.setHeader("Content-Encoding", "gzip");
		dataStream = dataStream.on("error", onError).pipe(zlib.createGzip()).on("error", onError);
	}
	dataStream.pipe(req).on("error", onError);
}
function readableFromUint8Array(buff) {
	const readable = new Readable();
	readable.push(buff);
	readable.push(null);
	return readable;
}
function isHttpTransportNetworkErrorRetryable(error) {
	const RETRYABLE_NETWORK_ERROR_CODES = /* @__PURE__ */ new Set([
		"ECONNRESET",
		"ECONNREFUSED",
		"EPIPE",
		"ETIMEDOUT",
		"EAI_AGAIN",
		"ENOTFOUND",
		"ENETUNREACH",
		"EHOSTUNREACH"
	]);
	if ("code" in error && typeof error.code === "string") return RETRYABLE_NETWORK_ERROR_CODES.has(error.code);
	return false;
}
var DEFAULT_USER_AGENT, MAX_RESPONSE_BODY_SIZE;
var init_http_transport_utils = __esmMin((() => {
	init_is_export_retryable();
	init_types();
	init_version();
	DEFAULT_USER_AGENT = `OTel-OTLP-Exporter-JavaScript/${VERSION}`;
	MAX_RESPONSE_BODY_SIZE = 4194304;
}));
// node_modules/@opentelemetry/otlp-exporter-base/build/esm/transport/http-exporter-transport.js
async function requestFunctionFactory(protocol) {
	const { request } = await (protocol === "http:" ? import("http") : import("https"));
	return request;
}
function createHttpExporterTransport(parameters) {
	return new HttpExporterTransport(parameters);
}
var HttpExporterTransport;
var init_http_exporter_transport = __esmMin((() => {
	init_http_transport_utils();
	HttpExporterTransport = class {
		_utils = null;
		_parameters;
		constructor(parameters) {
			this._parameters = parameters;
		}
		async send(data, timeoutMillis) {
			const { agent, request } = await this._loadUtils();
			const headers = await this._parameters.headers();
			return sendWithHttp(request, this._parameters.url, headers, this._parameters.compression, this._parameters.userAgent, agent, data, timeoutMillis);
		}
		shutdown() {}
		async _loadUtils() {
			let utils = this._utils;
			if (utils === null) {
				const protocol = new URL(this._parameters.url).protocol;
				const [agent, request] = await Promise.all([this._parameters.agentFactory(protocol), requestFunctionFactory(protocol)]);
				utils = this._utils = {
					agent,
					request
				};
			}
			return utils;
		}
	};
}));
// node_modules/@opentelemetry/otlp-exporter-base/build/esm/retrying-transport.js
/**
* Get a pseudo-random jitter that falls in the range of [-JITTER, +JITTER]
*/
function getJitter() {
	return Math.random() * (2 * JITTER) - JITTER;
}
/**
* Creates an Exporter Transport that retries on 'retryable' response.
*/
function createRetryingTransport(options) {
	return new RetryingTransport(options.transport);
}
var MAX_ATTEMPTS, INITIAL_BACKOFF, MAX_BACKOFF, BACKOFF_MULTIPLIER, JITTER, RetryingTransport;
var init_retrying_transport = __esmMin((() => {
	init_esm$1();
	MAX_ATTEMPTS = 5;
	INITIAL_BACKOFF = 1e3;
	MAX_BACKOFF = 5e3;
	BACKOFF_MULTIPLIER = 1.5;
	JITTER = .2;
	RetryingTransport = class {
		_transport;
		constructor(transport) {
			this._transport = transport;
		}
		retry(data, timeoutMillis, inMillis) {
			return new Promise((resolve, reject) => {
				setTimeout(() => {
					this._transport.send(data, timeoutMillis).then(resolve, reject);
				}, inMillis);
			});
		}
		async send(data, timeoutMillis) {
			let attempts = MAX_ATTEMPTS;
			let nextBackoff = INITIAL_BACKOFF;
			const deadline = Date.now() + timeoutMillis;
			let result = await this._transport.send(data, timeoutMillis);
			while (result.status === "retryable" && attempts > 0) {
				attempts--;
				const backoff = Math.max(Math.min(nextBackoff * (1 + getJitter()), MAX_BACKOFF), 0);
				nextBackoff = nextBackoff * BACKOFF_MULTIPLIER;
				const retryInMillis = result.retryInMillis ?? backoff;
				const remainingTimeoutMillis = deadline - Date.now();
				if (retryInMillis > remainingTimeoutMillis) {
					diag.info(`Export retry time ${Math.round(retryInMillis)}ms exceeds remaining timeout ${Math.round(remainingTimeoutMillis)}ms, not retrying further.`);
					return result;
				}
				diag.verbose(`Scheduling export retry in ${Math.round(retryInMillis)}ms`);
				result = await this.retry(data, remainingTimeoutMillis, retryInMillis);
			}
			if (result.status === "success") diag.verbose(`Export succeeded after ${MAX_ATTEMPTS - attempts} retry attempts.`);
			else if (result.status === "retryable") diag.info(`Export failed after maximum retry attempts (${MAX_ATTEMPTS}).`);
			else diag.info(`Export failed with non-retryable error: ${result.error}`);
			return result;
		}
		shutdown() {
			return this._transport.shutdown();
		}
	};
}));
// node_modules/@opentelemetry/otlp-exporter-base/build/esm/otlp-http-export-delegate.js
function createOtlpHttpExporterMetrics(metricsComponentType, exporterMetricsHelper, url, meterProvider) {
	return new ExporterMetrics({
		componentType: metricsComponentType,
		metricsHelper: exporterMetricsHelper,
		url,
		meterProvider,
		responseAttributesFromError: (error) => {
			if (!error) return { [ATTR_HTTP_RESPONSE_STATUS_CODE]: 200 };
			if (!(error instanceof OTLPExporterError)) return {};
			return { [ATTR_HTTP_RESPONSE_STATUS_CODE]: error.code };
		}
	});
}
function createOtlpHttpExportDelegate(options, serializer, metricsComponentType, exporterMetricsHelper, meterProvider) {
	return createOtlpExportDelegate({
		transport: createRetryingTransport({ transport: createHttpExporterTransport(options) }),
		serializer,
		promiseHandler: createBoundedQueueExportPromiseHandler(options),
		metrics: createOtlpHttpExporterMetrics(metricsComponentType, exporterMetricsHelper, options.url, meterProvider)
	}, { timeout: options.timeoutMillis });
}
var init_otlp_http_export_delegate = __esmMin((() => {
	init_otlp_export_delegate();
	init_http_exporter_transport();
	init_bounded_queue_export_promise_handler();
	init_retrying_transport();
	init_types();
	init_semconv();
	init_ExporterMetrics();
}));
// node_modules/@opentelemetry/otlp-exporter-base/build/esm/configuration/shared-env-configuration.js
function parseAndValidateTimeoutFromEnv(timeoutEnvVar) {
	const envTimeout = (0, import_src$4.getNumberFromEnv)(timeoutEnvVar);
	if (envTimeout != null) {
		if (Number.isFinite(envTimeout) && envTimeout > 0) return envTimeout;
		diag.warn(`Configuration: ${timeoutEnvVar} is invalid, expected number greater than 0 (actual: ${envTimeout})`);
	}
}
function getTimeoutFromEnv(signalIdentifier) {
	const specificTimeout = parseAndValidateTimeoutFromEnv(`OTEL_EXPORTER_OTLP_${signalIdentifier}_TIMEOUT`);
	const nonSpecificTimeout = parseAndValidateTimeoutFromEnv("OTEL_EXPORTER_OTLP_TIMEOUT");
	return specificTimeout ?? nonSpecificTimeout;
}
function parseAndValidateCompressionFromEnv(compressionEnvVar) {
	const compression = (0, import_src$4.getStringFromEnv)(compressionEnvVar)?.trim();
	if (compression == null || compression === "none" || compression === "gzip") return compression;
	diag.warn(`Configuration: ${compressionEnvVar} is invalid, expected 'none' or 'gzip' (actual: '${compression}')`);
}
function getCompressionFromEnv(signalIdentifier) {
	const specificCompression = parseAndValidateCompressionFromEnv(`OTEL_EXPORTER_OTLP_${signalIdentifier}_COMPRESSION`);
	const nonSpecificCompression = parseAndValidateCompressionFromEnv("OTEL_EXPORTER_OTLP_COMPRESSION");
	return specificCompression ?? nonSpecificCompression;
}
function getSharedConfigurationFromEnvironment(signalIdentifier) {
	return {
		timeoutMillis: getTimeoutFromEnv(signalIdentifier),
		compression: getCompressionFromEnv(signalIdentifier)
	};
}
var import_src$4;
var init_shared_env_configuration = __esmMin((() => {
	import_src$4 = require_src$6();
	init_esm$1();
}));
// node_modules/@opentelemetry/otlp-exporter-base/build/esm/configuration/otlp-node-http-env-configuration.js
function getStaticHeadersFromEnv(signalIdentifier) {
	const signalSpecificRawHeaders = (0, import_src$3.getStringFromEnv)(`OTEL_EXPORTER_OTLP_${signalIdentifier}_HEADERS`);
	const nonSignalSpecificRawHeaders = (0, import_src$3.getStringFromEnv)("OTEL_EXPORTER_OTLP_HEADERS");
	const signalSpecificHeaders = (0, import_src$3.parseKeyPairsIntoRecord)(signalSpecificRawHeaders);
	const nonSignalSpecificHeaders = (0, import_src$3.parseKeyPairsIntoRecord)(nonSignalSpecificRawHeaders);
	if (Object.keys(signalSpecificHeaders).length === 0 && Object.keys(nonSignalSpecificHeaders).length === 0) return;
	return Object.assign({}, (0, import_src$3.parseKeyPairsIntoRecord)(nonSignalSpecificRawHeaders), (0, import_src$3.parseKeyPairsIntoRecord)(signalSpecificRawHeaders));
}
function appendRootPathToUrlIfNeeded(url) {
	try {
		return new URL(url).toString();
	} catch {
		diag.warn(`Configuration: Could not parse environment-provided export URL: '${url}', falling back to undefined`);
		return;
	}
}
function appendResourcePathToUrl(url, path) {
	try {
		new URL(url);
	} catch {
		diag.warn(`Configuration: Could not parse environment-provided export URL: '${url}', falling back to undefined`);
		return;
	}
	if (!url.endsWith("/")) url = url + "/";
	url += path;
	try {
		new URL(url);
	} catch {
		diag.warn(`Configuration: Provided URL appended with '${path}' is not a valid URL, using 'undefined' instead of '${url}'`);
		return;
	}
	return url;
}
function getNonSpecificUrlFromEnv(signalResourcePath) {
	const envUrl = (0, import_src$3.getStringFromEnv)("OTEL_EXPORTER_OTLP_ENDPOINT");
	if (envUrl === void 0) return;
	return appendResourcePathToUrl(envUrl, signalResourcePath);
}
function getSpecificUrlFromEnv(signalIdentifier) {
	const envUrl = (0, import_src$3.getStringFromEnv)(`OTEL_EXPORTER_OTLP_${signalIdentifier}_ENDPOINT`);
	if (envUrl === void 0) return;
	return appendRootPathToUrlIfNeeded(envUrl);
}
function readFileFromEnv(signalSpecificEnvVar, nonSignalSpecificEnvVar, warningMessage) {
	const signalSpecificPath = (0, import_src$3.getStringFromEnv)(signalSpecificEnvVar);
	const nonSignalSpecificPath = (0, import_src$3.getStringFromEnv)(nonSignalSpecificEnvVar);
	const filePath = signalSpecificPath ?? nonSignalSpecificPath;
	if (filePath != null) try {
		return fs.readFileSync(path.resolve(process.cwd(), filePath));
	} catch {
		diag.warn(warningMessage);
		return;
	}
	else return;
}
function getClientCertificateFromEnv(signalIdentifier) {
	return readFileFromEnv(`OTEL_EXPORTER_OTLP_${signalIdentifier}_CLIENT_CERTIFICATE`, "OTEL_EXPORTER_OTLP_CLIENT_CERTIFICATE", "Failed to read client certificate chain file");
}
function getClientKeyFromEnv(signalIdentifier) {
	return readFileFromEnv(`OTEL_EXPORTER_OTLP_${signalIdentifier}_CLIENT_KEY`, "OTEL_EXPORTER_OTLP_CLIENT_KEY", "Failed to read client certificate private key file");
}
function getRootCertificateFromEnv(signalIdentifier) {
	return readFileFromEnv(`OTEL_EXPORTER_OTLP_${signalIdentifier}_CERTIFICATE`, "OTEL_EXPORTER_OTLP_CERTIFICATE", "Failed to read root certificate file");
}
/**
* Reads and returns configuration from the environment
*
* @param signalIdentifier all caps part in environment variables that identifies the signal (e.g.: METRICS, TRACES, LOGS)
* @param signalResourcePath signal resource path to append if necessary (e.g.: v1/metrics, v1/traces, v1/logs)
*/
function getNodeHttpConfigurationFromEnvironment(signalIdentifier, signalResourcePath) {
	return {
		...getSharedConfigurationFromEnvironment(signalIdentifier),
		url: getSpecificUrlFromEnv(signalIdentifier) ?? getNonSpecificUrlFromEnv(signalResourcePath),
		headers: wrapStaticHeadersInFunction(getStaticHeadersFromEnv(signalIdentifier)),
		agentFactory: httpAgentFactoryFromOptions({
			keepAlive: true,
			ca: getRootCertificateFromEnv(signalIdentifier),
			cert: getClientCertificateFromEnv(signalIdentifier),
			key: getClientKeyFromEnv(signalIdentifier)
		})
	};
}
var import_src$3;
var init_otlp_node_http_env_configuration = __esmMin((() => {
	import_src$3 = require_src$6();
	init_esm$1();
	init_shared_env_configuration();
	init_shared_configuration();
	init_otlp_node_http_configuration();
}));
// node_modules/@opentelemetry/otlp-exporter-base/build/esm/configuration/convert-legacy-http-options.js
function convertLegacyHeaders(config) {
	if (typeof config.headers === "function") return config.headers;
	return wrapStaticHeadersInFunction(config.headers);
}
var init_convert_legacy_http_options = __esmMin((() => {
	init_shared_configuration();
}));
// node_modules/@opentelemetry/otlp-exporter-base/build/esm/configuration/convert-legacy-node-http-options.js
function convertLegacyAgentOptions(config) {
	if (typeof config.httpAgentOptions === "function") return config.httpAgentOptions;
	let legacy = config.httpAgentOptions;
	if (config.keepAlive != null) legacy = {
		keepAlive: config.keepAlive,
		...legacy
	};
	if (legacy != null) return httpAgentFactoryFromOptions(legacy);
	else return;
}
/**
* @deprecated this will be removed in 2.0
* @param config
* @param signalIdentifier
* @param signalResourcePath
* @param requiredHeaders
*/
function convertLegacyHttpOptions(config, signalIdentifier, signalResourcePath, requiredHeaders) {
	if (config.metadata) diag.warn("Metadata cannot be set when using http");
	return mergeOtlpNodeHttpConfigurationWithDefaults({
		url: config.url,
		headers: convertLegacyHeaders(config),
		concurrencyLimit: config.concurrencyLimit,
		timeoutMillis: config.timeoutMillis,
		compression: config.compression,
		agentFactory: convertLegacyAgentOptions(config),
		userAgent: config.userAgent
	}, getNodeHttpConfigurationFromEnvironment(signalIdentifier, signalResourcePath), getNodeHttpConfigurationDefaults(requiredHeaders, signalResourcePath));
}
var init_convert_legacy_node_http_options = __esmMin((() => {
	init_esm$1();
	init_otlp_node_http_configuration();
	init_index_node_http();
	init_otlp_node_http_env_configuration();
	init_convert_legacy_http_options();
}));
// node_modules/@opentelemetry/otlp-exporter-base/build/esm/index-node-http.js
var index_node_http_exports = /* @__PURE__ */ __exportAll({
	convertLegacyHttpOptions: () => convertLegacyHttpOptions,
	createOtlpHttpExportDelegate: () => createOtlpHttpExportDelegate,
	createOtlpHttpExporterMetrics: () => createOtlpHttpExporterMetrics,
	getSharedConfigurationFromEnvironment: () => getSharedConfigurationFromEnvironment,
	httpAgentFactoryFromOptions: () => httpAgentFactoryFromOptions
});
var init_index_node_http = __esmMin((() => {
	init_otlp_node_http_configuration();
	init_otlp_http_export_delegate();
	init_shared_env_configuration();
	init_convert_legacy_node_http_options();
}));
// node_modules/@opentelemetry/exporter-trace-otlp-http/build/src/semconv.js
var require_semconv$1 = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.OTEL_COMPONENT_TYPE_VALUE_OTLP_HTTP_SPAN_EXPORTER = void 0;
	/**
	* Enum value "otlp_http_span_exporter" for attribute {@link ATTR_OTEL_COMPONENT_TYPE}.
	*
	* OTLP span exporter over HTTP with protobuf serialization
	*
	* @experimental This enum value is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.OTEL_COMPONENT_TYPE_VALUE_OTLP_HTTP_SPAN_EXPORTER = "otlp_http_span_exporter";
}));
// node_modules/@opentelemetry/exporter-trace-otlp-http/build/src/platform/node/OTLPTraceExporter.js
var require_OTLPTraceExporter = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.OTLPTraceExporter = void 0;
	const otlp_exporter_base_1 = (init_esm(), __toCommonJS(esm_exports));
	const otlp_transformer_1 = require_src$2();
	const node_http_1 = (init_index_node_http(), __toCommonJS(index_node_http_exports));
	const semconv_1 = require_semconv$1();
	/**
	* Collector Trace Exporter for Node
	*/
	var OTLPTraceExporter = class extends otlp_exporter_base_1.OTLPExporterBase {
		constructor(config = {}) {
			super((0, node_http_1.createOtlpHttpExportDelegate)((0, node_http_1.convertLegacyHttpOptions)(config, "TRACES", "v1/traces", { "Content-Type": "application/json" }), otlp_transformer_1.JsonTraceSerializer, semconv_1.OTEL_COMPONENT_TYPE_VALUE_OTLP_HTTP_SPAN_EXPORTER, otlp_transformer_1.TraceExporterMetricsHelper, config.selfObsMeterProvider));
		}
	};
	exports.OTLPTraceExporter = OTLPTraceExporter;
}));
// node_modules/@opentelemetry/exporter-trace-otlp-http/build/src/platform/node/index.js
var require_node$1 = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.OTLPTraceExporter = void 0;
	var OTLPTraceExporter_1 = require_OTLPTraceExporter();
	Object.defineProperty(exports, "OTLPTraceExporter", {
		enumerable: true,
		get: function() {
			return OTLPTraceExporter_1.OTLPTraceExporter;
		}
	});
}));
// node_modules/@opentelemetry/exporter-trace-otlp-http/build/src/platform/index.js
var require_platform$1 = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.OTLPTraceExporter = void 0;
	var node_1 = require_node$1();
	Object.defineProperty(exports, "OTLPTraceExporter", {
		enumerable: true,
		get: function() {
			return node_1.OTLPTraceExporter;
		}
	});
}));
// node_modules/@opentelemetry/exporter-trace-otlp-http/build/src/index.js
var require_src$1 = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.OTLPTraceExporter = void 0;
	var platform_1 = require_platform$1();
	Object.defineProperty(exports, "OTLPTraceExporter", {
		enumerable: true,
		get: function() {
			return platform_1.OTLPTraceExporter;
		}
	});
}));
// node_modules/@opentelemetry/sdk-trace/build/src/StackContextManager.js
var require_StackContextManager = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.StackContextManager = void 0;
	const api_1 = (init_esm$1(), __toCommonJS(esm_exports$1));
	/**
	* StackContextManager can track context for synchronous code (the call
	* "stack"). It does not track context for asynchronous code (Promises,
	* async/await).
	*
	* This can be useful as a minimal ContextManager in the web/browser
	* environment, which does not provide a native system for async context
	* tracking. Web users might consider `@opentelemetry/context-zone` as
	* an alternative. Node.js users will almost certainly want to use
	* `AsyncLocalStorageContextManager`.
	*/
	var StackContextManager = class {
		/**
		* whether the context manager is enabled or not
		*/
		_enabled = false;
		/**
		* Keeps the reference to current context
		*/
		_currentContext = api_1.ROOT_CONTEXT;
		/**
		*
		* @param context
		* @param target Function to be executed within the context
		*/
		_bindFunction(context = api_1.ROOT_CONTEXT, target) {
			const manager = this;
			const contextWrapper = function(...args) {
				return manager.with(context, () => target.apply(this, args));
			};
			Object.defineProperty(contextWrapper, "length", {
				enumerable: false,
				configurable: true,
				writable: false,
				value: target.length
			});
			return contextWrapper;
		}
		/**
		* Returns the active context
		*/
		active() {
			return this._currentContext;
		}
		/**
		* Binds a the certain context or the active one to the target function and then returns the target
		* @param context A context (span) to be bind to target
		* @param target a function or event emitter. When target or one of its callbacks is called,
		*  the provided context will be used as the active context for the duration of the call.
		*/
		bind(context, target) {
			if (context === void 0) context = this.active();
			if (typeof target === "function") return this._bindFunction(context, target);
			return target;
		}
		/**
		* Disable the context manager (clears the current context)
		*/
		disable() {
			this._currentContext = api_1.ROOT_CONTEXT;
			this._enabled = false;
			return this;
		}
		/**
		* Enables the context manager and creates a default(root) context
		*/
		enable() {
			if (this._enabled) return this;
			this._enabled = true;
			this._currentContext = api_1.ROOT_CONTEXT;
			return this;
		}
		/**
		* Calls the callback function [fn] with the provided [context]. If [context] is undefined then it will use the window.
		* The context will be set as active
		* @param context
		* @param fn Callback function
		* @param thisArg optional receiver to be used for calling fn
		* @param args optional arguments forwarded to fn
		*/
		with(context, fn, thisArg, ...args) {
			const previousContext = this._currentContext;
			this._currentContext = context || api_1.ROOT_CONTEXT;
			try {
				return fn.call(thisArg, ...args);
			} finally {
				this._currentContext = previousContext;
			}
		}
	};
	exports.StackContextManager = StackContextManager;
}));
// node_modules/@opentelemetry/sdk-trace/build/src/enums.js
var require_enums = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.ExceptionEventName = void 0;
	exports.ExceptionEventName = "exception";
}));
// node_modules/@opentelemetry/sdk-trace/build/src/inspect.js
var require_inspect = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.formatInspect = exports.settledResourceAttributes = exports.inspectCustom = void 0;
	/**
	* Well-known symbol used by Node.js `util.inspect` (and `console.*`) to
	* render an object via a custom representation. Defined as a global Symbol
	* so it works without importing from `node:util`, keeping this module safe
	* for browser builds (where the symbol is simply never looked up).
	*/
	exports.inspectCustom = Symbol.for("nodejs.util.inspect.custom");
	/**
	* Collect a Resource's settled attributes without touching the
	* `attributes` getter, which emits diag.error/debug entries when async
	* attribute detectors are still pending. Promise-like (unsettled)
	* entries are silently skipped so logging a Span/Tracer/Provider during
	* startup doesn't recurse through the diag pipeline.
	*/
	function settledResourceAttributes(resource) {
		const attrs = {};
		for (const [k, v] of resource.getRawAttributes()) {
			if (typeof v?.then === "function") continue;
			if (v != null) attrs[k] ??= v;
		}
		return attrs;
	}
	exports.settledResourceAttributes = settledResourceAttributes;
	/**
	* Build a class-tagged inspect representation. Returns a stub like
	* `[ClassName]` once the recursion budget is exhausted, otherwise returns
	* `ClassName <inspected payload>` so nested fields keep proper coloring,
	* indentation, and depth handling. In environments that don't supply an
	* `inspect` callback (e.g. browsers), falls back to returning the raw
	* payload object.
	*/
	function formatInspect(className, payload, depth, options, inspect) {
		if (typeof depth === "number" && depth < 0) {
			const tag = `[${className}]`;
			return options?.stylize ? options.stylize(tag, "special") : tag;
		}
		if (typeof inspect !== "function" || !options) return payload;
		return `${className} ${inspect(payload, {
			...options,
			depth: options.depth == null ? options.depth : options.depth - 1
		})}`;
	}
	exports.formatInspect = formatInspect;
}));
// node_modules/@opentelemetry/sdk-trace/build/src/Span.js
var require_Span = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.SpanImpl = void 0;
	const api_1 = (init_esm$1(), __toCommonJS(esm_exports$1));
	const core_1 = require_src$6();
	const semantic_conventions_1 = require_dist();
	const enums_1 = require_enums();
	const inspect_1 = require_inspect();
	/**
	* This class represents a span.
	*/
	var SpanImpl = class {
		_spanContext;
		kind;
		parentSpanContext;
		attributes = {};
		links = [];
		events = [];
		startTime;
		resource;
		instrumentationScope;
		_droppedAttributesCount = 0;
		_droppedEventsCount = 0;
		_droppedLinksCount = 0;
		_attributesCount = 0;
		name;
		status = { code: api_1.SpanStatusCode.UNSET };
		endTime = [0, 0];
		_ended = false;
		_duration = [-1, -1];
		_spanProcessor;
		_spanLimits;
		_attributeValueLengthLimit;
		_recordEndMetrics;
		_performanceStartTime;
		_performanceOffset;
		_startTimeProvided;
		/**
		* Constructs a new SpanImpl instance.
		*/
		constructor(opts) {
			const now = Date.now();
			this._spanContext = opts.spanContext;
			this._performanceStartTime = core_1.otperformance.now();
			this._performanceOffset = now - (this._performanceStartTime + core_1.otperformance.timeOrigin);
			this._startTimeProvided = opts.startTime != null;
			this._spanLimits = opts.spanLimits;
			this._attributeValueLengthLimit = this._spanLimits.attributeValueLengthLimit ?? 0;
			this._spanProcessor = opts.spanProcessor;
			this.name = opts.name;
			this.parentSpanContext = opts.parentSpanContext;
			this.kind = opts.kind;
			if (opts.links) for (const link of opts.links) this.addLink(link);
			this.startTime = this._getTime(opts.startTime ?? now);
			this.resource = opts.resource;
			this.instrumentationScope = opts.scope;
			this._recordEndMetrics = opts.recordEndMetrics;
			if (opts.attributes != null) this.setAttributes(opts.attributes);
			this._spanProcessor.onStart(this, opts.context);
		}
		spanContext() {
			return this._spanContext;
		}
		setAttribute(key, value) {
			if (value == null || this._isSpanEnded()) return this;
			if (key.length === 0) {
				api_1.diag.warn(`Invalid attribute key: ${key}`);
				return this;
			}
			if (!(0, core_1.isAttributeValue)(value)) {
				api_1.diag.warn(`Invalid attribute value set for key: ${key}`);
				return this;
			}
			const { attributeCountLimit } = this._spanLimits;
			const isNewKey = !Object.prototype.hasOwnProperty.call(this.attributes, key);
			if (attributeCountLimit !== void 0 && this._attributesCount >= attributeCountLimit && isNewKey) {
				this._droppedAttributesCount++;
				return this;
			}
			this.attributes[key] = this._truncateToSize(value);
			if (isNewKey) this._attributesCount++;
			return this;
		}
		setAttributes(attributes) {
			for (const key in attributes) if (Object.prototype.hasOwnProperty.call(attributes, key)) this.setAttribute(key, attributes[key]);
			return this;
		}
		/**
		*
		* @param name Span Name
		* @param [attributesOrStartTime] Span attributes or start time
		*     if type is {@type TimeInput} and 3rd param is undefined
		* @param [timeStamp] Specified time stamp for the event
		*/
		addEvent(name, attributesOrStartTime, timeStamp) {
			if (this._isSpanEnded()) return this;
			const { eventCountLimit } = this._spanLimits;
			if (eventCountLimit === 0) {
				api_1.diag.warn("No events allowed.");
				this._droppedEventsCount++;
				return this;
			}
			if (eventCountLimit !== void 0 && this.events.length >= eventCountLimit) {
				if (this._droppedEventsCount === 0) api_1.diag.debug("Dropping extra events.");
				this.events.shift();
				this._droppedEventsCount++;
			}
			if ((0, core_1.isTimeInput)(attributesOrStartTime)) {
				if (!(0, core_1.isTimeInput)(timeStamp)) timeStamp = attributesOrStartTime;
				attributesOrStartTime = void 0;
			}
			const sanitized = (0, core_1.sanitizeAttributes)(attributesOrStartTime);
			const { attributePerEventCountLimit } = this._spanLimits;
			const attributes = {};
			let droppedAttributesCount = 0;
			let eventAttributesCount = 0;
			for (const attr in sanitized) {
				if (!Object.prototype.hasOwnProperty.call(sanitized, attr)) continue;
				const attrVal = sanitized[attr];
				if (attributePerEventCountLimit !== void 0 && eventAttributesCount >= attributePerEventCountLimit) {
					droppedAttributesCount++;
					continue;
				}
				attributes[attr] = this._truncateToSize(attrVal);
				eventAttributesCount++;
			}
			this.events.push({
				name,
				attributes,
				time: this._getTime(timeStamp),
				droppedAttributesCount
			});
			return this;
		}
		addLink(link) {
			if (this._isSpanEnded()) return this;
			const { linkCountLimit } = this._spanLimits;
			if (linkCountLimit === 0) {
				this._droppedLinksCount++;
				return this;
			}
			if (linkCountLimit !== void 0 && this.links.length >= linkCountLimit) {
				if (this._droppedLinksCount === 0) api_1.diag.debug("Dropping extra links.");
				this.links.shift();
				this._droppedLinksCount++;
			}
			const { attributePerLinkCountLimit } = this._spanLimits;
			const sanitized = (0, core_1.sanitizeAttributes)(link.attributes);
			const attributes = {};
			let droppedAttributesCount = 0;
			let linkAttributesCount = 0;
			for (const attr in sanitized) {
				if (!Object.prototype.hasOwnProperty.call(sanitized, attr)) continue;
				const attrVal = sanitized[attr];
				if (attributePerLinkCountLimit !== void 0 && linkAttributesCount >= attributePerLinkCountLimit) {
					droppedAttributesCount++;
					continue;
				}
				attributes[attr] = this._truncateToSize(attrVal);
				linkAttributesCount++;
			}
			const processedLink = { context: link.context };
			if (linkAttributesCount > 0) processedLink.attributes = attributes;
			if (droppedAttributesCount > 0) processedLink.droppedAttributesCount = droppedAttributesCount;
			this.links.push(processedLink);
			return this;
		}
		addLinks(links) {
			for (const link of links) this.addLink(link);
			return this;
		}
		setStatus(status) {
			if (this._isSpanEnded()) return this;
			if (status.code === api_1.SpanStatusCode.UNSET) return this;
			if (this.status.code === api_1.SpanStatusCode.OK) return this;
			const newStatus = { code: status.code };
			if (status.code === api_1.SpanStatusCode.ERROR) {
				if (typeof status.message === "string") newStatus.message = status.message;
				else if (status.message != null) api_1.diag.warn(`Dropping invalid status.message of type '${typeof status.message}', expected 'string'`);
			}
			this.status = newStatus;
			return this;
		}
		updateName(name) {
			if (this._isSpanEnded()) return this;
			this.name = name;
			return this;
		}
		end(endTime) {
			if (this._isSpanEnded()) {
				api_1.diag.error(`${this.name} ${this._spanContext.traceId}-${this._spanContext.spanId} - You can only call end() on a span once.`);
				return;
			}
			this.endTime = this._getTime(endTime);
			this._duration = (0, core_1.hrTimeDuration)(this.startTime, this.endTime);
			if (this._duration[0] < 0) {
				api_1.diag.warn("Inconsistent start and end time, startTime > endTime. Setting span duration to 0ms.", this.startTime, this.endTime);
				this.endTime = this.startTime.slice();
				this._duration = [0, 0];
			}
			if (this._droppedEventsCount > 0) api_1.diag.warn(`Dropped ${this._droppedEventsCount} events because eventCountLimit reached`);
			if (this._droppedLinksCount > 0) api_1.diag.warn(`Dropped ${this._droppedLinksCount} links because linkCountLimit reached`);
			if (this._spanProcessor.onEnding) this._spanProcessor.onEnding(this);
			this._recordEndMetrics?.();
			this._ended = true;
			this._spanProcessor.onEnd(this);
		}
		_getTime(inp) {
			if (typeof inp === "number" && inp <= core_1.otperformance.now()) return (0, core_1.hrTime)(inp + this._performanceOffset);
			if (typeof inp === "number") return (0, core_1.millisToHrTime)(inp);
			if (inp instanceof Date) return (0, core_1.millisToHrTime)(inp.getTime());
			if ((0, core_1.isTimeInputHrTime)(inp)) return inp;
			if (this._startTimeProvided) return (0, core_1.millisToHrTime)(Date.now());
			const msDuration = core_1.otperformance.now() - this._performanceStartTime;
			return (0, core_1.addHrTimes)(this.startTime, (0, core_1.millisToHrTime)(msDuration));
		}
		isRecording() {
			return this._ended === false;
		}
		recordException(exception, time) {
			const attributes = {};
			if (typeof exception === "string") attributes[semantic_conventions_1.ATTR_EXCEPTION_MESSAGE] = exception;
			else if (exception) {
				if (exception.code) attributes[semantic_conventions_1.ATTR_EXCEPTION_TYPE] = exception.code.toString();
				else if (exception.name) attributes[semantic_conventions_1.ATTR_EXCEPTION_TYPE] = exception.name;
				if (exception.message) attributes[semantic_conventions_1.ATTR_EXCEPTION_MESSAGE] = exception.message;
				if (exception.stack) attributes[semantic_conventions_1.ATTR_EXCEPTION_STACKTRACE] = exception.stack;
			}
			if (attributes[semantic_conventions_1.ATTR_EXCEPTION_TYPE] || attributes[semantic_conventions_1.ATTR_EXCEPTION_MESSAGE]) this.addEvent(enums_1.ExceptionEventName, attributes, time);
			else api_1.diag.warn(`Failed to record an exception ${exception}`);
		}
		get duration() {
			return this._duration;
		}
		get ended() {
			return this._ended;
		}
		get droppedAttributesCount() {
			return this._droppedAttributesCount;
		}
		get droppedEventsCount() {
			return this._droppedEventsCount;
		}
		get droppedLinksCount() {
			return this._droppedLinksCount;
		}
		_isSpanEnded() {
			if (this._ended) {
				const error = /* @__PURE__ */ new Error(`Operation attempted on ended Span {traceId: ${this._spanContext.traceId}, spanId: ${this._spanContext.spanId}}`);
				api_1.diag.warn(`Cannot execute the operation on ended Span {traceId: ${this._spanContext.traceId}, spanId: ${this._spanContext.spanId}}`, error);
			}
			return this._ended;
		}
		_truncateToLimitUtil(value, limit) {
			if (value.length <= limit) return value;
			return value.substring(0, limit);
		}
		/**
		* If the given attribute value is of type string and has more characters than given {@code attributeValueLengthLimit} then
		* return string with truncated to {@code attributeValueLengthLimit} characters
		*
		* If the given attribute value is array of strings then
		* return new array of strings with each element truncated to {@code attributeValueLengthLimit} characters
		*
		* Otherwise return same Attribute {@code value}
		*
		* @param value Attribute value
		* @returns truncated attribute value if required, otherwise same value
		*/
		_truncateToSize(value) {
			const limit = this._attributeValueLengthLimit;
			if (limit <= 0) {
				api_1.diag.warn(`Attribute value limit must be positive, got ${limit}`);
				return value;
			}
			if (typeof value === "string") return this._truncateToLimitUtil(value, limit);
			if (Array.isArray(value)) return value.map((val) => typeof val === "string" ? this._truncateToLimitUtil(val, limit) : val);
			return value;
		}
		[inspect_1.inspectCustom](depth, options, inspect) {
			const payload = {
				name: this.name,
				kind: this.kind,
				spanContext: this._spanContext,
				parentSpanContext: this.parentSpanContext,
				status: this.status,
				startTime: this.startTime,
				endTime: this.endTime,
				duration: this._duration,
				ended: this._ended,
				attributes: this.attributes,
				events: this.events,
				links: this.links,
				droppedAttributesCount: this._droppedAttributesCount,
				droppedEventsCount: this._droppedEventsCount,
				droppedLinksCount: this._droppedLinksCount,
				instrumentationScope: this.instrumentationScope,
				resource: { attributes: (0, inspect_1.settledResourceAttributes)(this.resource) }
			};
			return (0, inspect_1.formatInspect)("SpanImpl", payload, depth, options, inspect);
		}
	};
	exports.SpanImpl = SpanImpl;
}));
// node_modules/@opentelemetry/sdk-trace/build/src/Sampler.js
var require_Sampler = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.SamplingDecision = void 0;
	/**
	* A sampling decision that determines how a {@link Span} will be recorded
	* and collected.
	*/
	var SamplingDecision;
	(function(SamplingDecision) {
		/**
		* `Span.isRecording() === false`, span will not be recorded and all events
		* and attributes will be dropped.
		*/
		SamplingDecision[SamplingDecision["NOT_RECORD"] = 0] = "NOT_RECORD";
		/**
		* `Span.isRecording() === true`, but `Sampled` flag in {@link TraceFlags}
		* MUST NOT be set.
		*/
		SamplingDecision[SamplingDecision["RECORD"] = 1] = "RECORD";
		/**
		* `Span.isRecording() === true` AND `Sampled` flag in {@link TraceFlags}
		* MUST be set.
		*/
		SamplingDecision[SamplingDecision["RECORD_AND_SAMPLED"] = 2] = "RECORD_AND_SAMPLED";
	})(SamplingDecision || (exports.SamplingDecision = SamplingDecision = {}));
}));
// node_modules/@opentelemetry/sdk-trace/build/src/semconv.js
var require_semconv = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.OTEL_COMPONENT_TYPE_VALUE_SIMPLE_SPAN_PROCESSOR = exports.OTEL_COMPONENT_TYPE_VALUE_BATCHING_SPAN_PROCESSOR = exports.METRIC_OTEL_SDK_SPAN_STARTED = exports.METRIC_OTEL_SDK_SPAN_LIVE = exports.METRIC_OTEL_SDK_PROCESSOR_SPAN_QUEUE_SIZE = exports.METRIC_OTEL_SDK_PROCESSOR_SPAN_QUEUE_CAPACITY = exports.METRIC_OTEL_SDK_PROCESSOR_SPAN_PROCESSED = exports.ATTR_OTEL_SPAN_SAMPLING_RESULT = exports.ATTR_OTEL_SPAN_PARENT_ORIGIN = exports.ATTR_OTEL_COMPONENT_TYPE = exports.ATTR_OTEL_COMPONENT_NAME = void 0;
	/**
	* A name uniquely identifying the instance of the OpenTelemetry component within its containing SDK instance.
	*
	* @example otlp_grpc_span_exporter/0
	* @example custom-name
	*
	* @note Implementations **SHOULD** ensure a low cardinality for this attribute, even across application or SDK restarts.
	* E.g. implementations **MUST NOT** use UUIDs as values for this attribute.
	*
	* Implementations **MAY** achieve these goals by following a `<otel.component.type>/<instance-counter>` pattern, e.g. `batching_span_processor/0`.
	* Hereby `otel.component.type` refers to the corresponding attribute value of the component.
	*
	* The value of `instance-counter` **MAY** be automatically assigned by the component and uniqueness within the enclosing SDK instance **MUST** be guaranteed.
	* For example, `<instance-counter>` **MAY** be implemented by using a monotonically increasing counter (starting with `0`), which is incremented every time an
	* instance of the given component type is started.
	*
	* With this implementation, for example the first Batching Span Processor would have `batching_span_processor/0`
	* as `otel.component.name`, the second one `batching_span_processor/1` and so on.
	* These values will therefore be reused in the case of an application restart.
	*
	* @experimental This attribute is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.ATTR_OTEL_COMPONENT_NAME = "otel.component.name";
	/**
	* A name identifying the type of the OpenTelemetry component.
	*
	* @example batching_span_processor
	* @example com.example.MySpanExporter
	*
	* @note If none of the standardized values apply, implementations **SHOULD** use the language-defined name of the type.
	* E.g. for Java the fully qualified classname **SHOULD** be used in this case.
	*
	* @experimental This attribute is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.ATTR_OTEL_COMPONENT_TYPE = "otel.component.type";
	/**
	* Determines whether the span has a parent span, and if so, [whether it is a remote parent](https://opentelemetry.io/docs/specs/otel/trace/api/#isremote)
	*
	* @experimental This attribute is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.ATTR_OTEL_SPAN_PARENT_ORIGIN = "otel.span.parent.origin";
	/**
	* The result value of the sampler for this span
	*
	* @experimental This attribute is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.ATTR_OTEL_SPAN_SAMPLING_RESULT = "otel.span.sampling_result";
	/**
	* The number of spans for which the processing has finished, either successful or failed.
	*
	* @note For successful processing, `error.type` **MUST NOT** be set. For failed processing, `error.type` **MUST** contain the failure cause.
	* For the SDK Simple and Batching Span Processor a span is considered to be processed already when it has been submitted to the exporter, not when the corresponding export call has finished.
	*
	* @experimental This metric is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.METRIC_OTEL_SDK_PROCESSOR_SPAN_PROCESSED = "otel.sdk.processor.span.processed";
	/**
	* The maximum number of spans the queue of a given instance of an SDK span processor can hold.
	*
	* @note Only applies to span processors which use a queue, e.g. the SDK Batching Span Processor.
	*
	* @experimental This metric is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.METRIC_OTEL_SDK_PROCESSOR_SPAN_QUEUE_CAPACITY = "otel.sdk.processor.span.queue.capacity";
	/**
	* The number of spans in the queue of a given instance of an SDK span processor.
	*
	* @note Only applies to span processors which use a queue, e.g. the SDK Batching Span Processor.
	*
	* @experimental This metric is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.METRIC_OTEL_SDK_PROCESSOR_SPAN_QUEUE_SIZE = "otel.sdk.processor.span.queue.size";
	/**
	* The number of created spans with `recording=true` for which the end operation has not been called yet.
	*
	* @experimental This metric is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.METRIC_OTEL_SDK_SPAN_LIVE = "otel.sdk.span.live";
	/**
	* The number of created spans.
	*
	* @note Implementations **MUST** record this metric for all spans, even for non-recording ones.
	*
	* @experimental This metric is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.METRIC_OTEL_SDK_SPAN_STARTED = "otel.sdk.span.started";
	/**
	* Enum value "batching_span_processor" for attribute {@link ATTR_OTEL_COMPONENT_TYPE}.
	*
	* The builtin SDK batching span processor
	*
	* @experimental This enum value is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.OTEL_COMPONENT_TYPE_VALUE_BATCHING_SPAN_PROCESSOR = "batching_span_processor";
	/**
	* Enum value "simple_span_processor" for attribute {@link ATTR_OTEL_COMPONENT_TYPE}.
	*
	* The builtin SDK simple span processor
	*
	* @experimental This enum value is experimental and is subject to breaking changes in minor releases of `@opentelemetry/semantic-conventions`.
	*/
	exports.OTEL_COMPONENT_TYPE_VALUE_SIMPLE_SPAN_PROCESSOR = "simple_span_processor";
}));
// node_modules/@opentelemetry/sdk-trace/build/src/TracerMetrics.js
var require_TracerMetrics = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.TracerMetrics = void 0;
	const Sampler_1 = require_Sampler();
	const semconv_1 = require_semconv();
	/**
	* Generates `otel.sdk.span.*` metrics.
	* https://opentelemetry.io/docs/specs/semconv/otel/sdk-metrics/#span-metrics
	*/
	var TracerMetrics = class {
		startedSpans;
		liveSpans;
		constructor(meter) {
			this.startedSpans = meter.createCounter(semconv_1.METRIC_OTEL_SDK_SPAN_STARTED, {
				unit: "{span}",
				description: "The number of created spans."
			});
			this.liveSpans = meter.createUpDownCounter(semconv_1.METRIC_OTEL_SDK_SPAN_LIVE, {
				unit: "{span}",
				description: "The number of currently live spans."
			});
		}
		startSpan(parentSpanCtx, samplingDecision) {
			const samplingDecisionStr = samplingDecisionToString(samplingDecision);
			this.startedSpans.add(1, {
				[semconv_1.ATTR_OTEL_SPAN_PARENT_ORIGIN]: parentOrigin(parentSpanCtx),
				[semconv_1.ATTR_OTEL_SPAN_SAMPLING_RESULT]: samplingDecisionStr
			});
			if (samplingDecision === Sampler_1.SamplingDecision.NOT_RECORD) return () => {};
			const liveSpanAttributes = { [semconv_1.ATTR_OTEL_SPAN_SAMPLING_RESULT]: samplingDecisionStr };
			this.liveSpans.add(1, liveSpanAttributes);
			return () => {
				this.liveSpans.add(-1, liveSpanAttributes);
			};
		}
	};
	exports.TracerMetrics = TracerMetrics;
	function parentOrigin(parentSpanContext) {
		if (!parentSpanContext) return "none";
		if (parentSpanContext.isRemote) return "remote";
		return "local";
	}
	function samplingDecisionToString(decision) {
		switch (decision) {
			case Sampler_1.SamplingDecision.RECORD_AND_SAMPLED: return "RECORD_AND_SAMPLE";
			case Sampler_1.SamplingDecision.RECORD: return "RECORD_ONLY";
			case Sampler_1.SamplingDecision.NOT_RECORD: return "DROP";
		}
	}
}));
// node_modules/@opentelemetry/sdk-trace/build/src/version.js
var require_version = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.VERSION = void 0;
	exports.VERSION = "2.12.0";
}));
// node_modules/@opentelemetry/sdk-trace/build/src/Tracer.js
var require_Tracer = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.Tracer = void 0;
	const api = (init_esm$1(), __toCommonJS(esm_exports$1));
	const core_1 = require_src$6();
	const Span_1 = require_Span();
	const TracerMetrics_1 = require_TracerMetrics();
	const version_1 = require_version();
	const inspect_1 = require_inspect();
	/**
	* This class represents a basic tracer.
	*/
	var Tracer = class {
		_sampler;
		_spanLimits;
		_idGenerator;
		instrumentationScope;
		_resource;
		_spanProcessor;
		_tracerMetrics;
		/**
		* Constructs a new Tracer instance.
		*/
		constructor(instrumentationScope, options) {
			this.instrumentationScope = instrumentationScope;
			this._sampler = options.sampler;
			this._spanLimits = options.spanLimits;
			this._resource = options.resource;
			this._idGenerator = options.idGenerator;
			this._spanProcessor = options.spanProcessor;
			const meter = options.meterProvider.getMeter("@opentelemetry/sdk-trace", version_1.VERSION);
			this._tracerMetrics = new TracerMetrics_1.TracerMetrics(meter);
		}
		/**
		* Starts a new Span or returns the default NoopSpan based on the sampling
		* decision.
		*/
		startSpan(name, options = {}, context = api.context.active()) {
			if (options.root) context = api.trace.deleteSpan(context);
			const parentSpan = api.trace.getSpan(context);
			if ((0, core_1.isTracingSuppressed)(context)) {
				api.diag.debug("Instrumentation suppressed, returning Noop Span");
				return api.trace.wrapSpanContext(api.INVALID_SPAN_CONTEXT);
			}
			const parentSpanContext = parentSpan?.spanContext();
			const spanId = this._idGenerator.generateSpanId();
			let validParentSpanContext;
			let traceId;
			let traceState;
			if (!parentSpanContext || !api.trace.isSpanContextValid(parentSpanContext)) traceId = this._idGenerator.generateTraceId();
			else {
				traceId = parentSpanContext.traceId;
				traceState = parentSpanContext.traceState;
				validParentSpanContext = parentSpanContext;
			}
			const spanKind = options.kind ?? api.SpanKind.INTERNAL;
			const links = (options.links ?? []).map((link) => {
				return {
					context: link.context,
					attributes: (0, core_1.sanitizeAttributes)(link.attributes)
				};
			});
			const attributes = (0, core_1.sanitizeAttributes)(options.attributes);
			const samplingResult = this._sampler.shouldSample(context, traceId, name, spanKind, attributes, links);
			const recordEndMetrics = this._tracerMetrics.startSpan(parentSpanContext, samplingResult.decision);
			traceState = samplingResult.traceState ?? traceState;
			const traceFlags = samplingResult.decision === api.SamplingDecision.RECORD_AND_SAMPLED ? api.TraceFlags.SAMPLED : api.TraceFlags.NONE;
			const spanContext = {
				traceId,
				spanId,
				traceFlags,
				traceState
			};
			if (samplingResult.decision === api.SamplingDecision.NOT_RECORD) {
				api.diag.debug("Recording is off, propagating context in a non-recording span");
				return api.trace.wrapSpanContext(spanContext);
			}
			const initAttributes = (0, core_1.sanitizeAttributes)(Object.assign(attributes, samplingResult.attributes));
			return new Span_1.SpanImpl({
				resource: this._resource,
				scope: this.instrumentationScope,
				context,
				spanContext,
				name,
				kind: spanKind,
				links,
				parentSpanContext: validParentSpanContext,
				attributes: initAttributes,
				startTime: options.startTime,
				spanProcessor: this._spanProcessor,
				spanLimits: this._spanLimits,
				recordEndMetrics
			});
		}
		startActiveSpan(name, arg2, arg3, arg4) {
			let opts;
			let ctx;
			let fn;
			if (arguments.length < 2) return;
			else if (arguments.length === 2) fn = arg2;
			else if (arguments.length === 3) {
				opts = arg2;
				fn = arg3;
			} else {
				opts = arg2;
				ctx = arg3;
				fn = arg4;
			}
			const parentContext = ctx ?? api.context.active();
			const span = this.startSpan(name, opts, parentContext);
			const contextWithSpanSet = api.trace.setSpan(parentContext, span);
			return api.context.with(contextWithSpanSet, fn, void 0, span);
		}
		[inspect_1.inspectCustom](depth, options, inspect) {
			const payload = {
				instrumentationScope: this.instrumentationScope,
				resource: { attributes: (0, inspect_1.settledResourceAttributes)(this._resource) },
				spanLimits: this._spanLimits
			};
			return (0, inspect_1.formatInspect)("Tracer", payload, depth, options, inspect);
		}
	};
	exports.Tracer = Tracer;
}));
// node_modules/@opentelemetry/sdk-trace/build/src/MultiSpanProcessor.js
var require_MultiSpanProcessor = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.MultiSpanProcessor = void 0;
	const core_1 = require_src$6();
	/**
	* Implementation of the {@link SpanProcessor} that simply forwards all
	* received events to a list of {@link SpanProcessor}s.
	*/
	var MultiSpanProcessor = class {
		_spanProcessors;
		constructor(spanProcessors) {
			this._spanProcessors = spanProcessors;
		}
		forceFlush() {
			const promises = [];
			for (const spanProcessor of this._spanProcessors) promises.push(spanProcessor.forceFlush());
			return new Promise((resolve) => {
				Promise.all(promises).then(() => {
					resolve();
				}).catch((error) => {
					(0, core_1.globalErrorHandler)(error || /* @__PURE__ */ new Error("MultiSpanProcessor: forceFlush failed"));
					resolve();
				});
			});
		}
		onStart(span, context) {
			for (const spanProcessor of this._spanProcessors) spanProcessor.onStart(span, context);
		}
		onEnding(span) {
			for (const spanProcessor of this._spanProcessors) if (spanProcessor.onEnding) spanProcessor.onEnding(span);
		}
		onEnd(span) {
			for (const spanProcessor of this._spanProcessors) spanProcessor.onEnd(span);
		}
		shutdown() {
			const promises = [];
			for (const spanProcessor of this._spanProcessors) promises.push(spanProcessor.shutdown());
			return new Promise((resolve, reject) => {
				Promise.all(promises).then(() => {
					resolve();
				}, reject);
			});
		}
	};
	exports.MultiSpanProcessor = MultiSpanProcessor;
}));
// node_modules/@opentelemetry/sdk-trace/build/src/sampler/AlwaysOffSampler.js
var require_AlwaysOffSampler = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.AlwaysOffSampler = void 0;
	const Sampler_1 = require_Sampler();
	/** Sampler that samples no traces. */
	var AlwaysOffSampler = class {
		shouldSample() {
			return { decision: Sampler_1.SamplingDecision.NOT_RECORD };
		}
		toString() {
			return "AlwaysOffSampler";
		}
	};
	exports.AlwaysOffSampler = AlwaysOffSampler;
}));
// node_modules/@opentelemetry/sdk-trace/build/src/sampler/AlwaysOnSampler.js
var require_AlwaysOnSampler = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.AlwaysOnSampler = void 0;
	const Sampler_1 = require_Sampler();
	/** Sampler that samples all traces. */
	var AlwaysOnSampler = class {
		shouldSample() {
			return { decision: Sampler_1.SamplingDecision.RECORD_AND_SAMPLED };
		}
		toString() {
			return "AlwaysOnSampler";
		}
	};
	exports.AlwaysOnSampler = AlwaysOnSampler;
}));
// node_modules/@opentelemetry/sdk-trace/build/src/sampler/ParentBasedSampler.js
var require_ParentBasedSampler = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.ParentBasedSampler = void 0;
	const api_1 = (init_esm$1(), __toCommonJS(esm_exports$1));
	const core_1 = require_src$6();
	const AlwaysOffSampler_1 = require_AlwaysOffSampler();
	const AlwaysOnSampler_1 = require_AlwaysOnSampler();
	/**
	* A composite sampler that either respects the parent span's sampling decision
	* or delegates to `delegateSampler` for root spans.
	*/
	var ParentBasedSampler = class {
		_root;
		_remoteParentSampled;
		_remoteParentNotSampled;
		_localParentSampled;
		_localParentNotSampled;
		constructor(config) {
			this._root = config.root;
			if (!this._root) {
				(0, core_1.globalErrorHandler)(/* @__PURE__ */ new Error("ParentBasedSampler must have a root sampler configured"));
				this._root = new AlwaysOnSampler_1.AlwaysOnSampler();
			}
			this._remoteParentSampled = config.remoteParentSampled ?? new AlwaysOnSampler_1.AlwaysOnSampler();
			this._remoteParentNotSampled = config.remoteParentNotSampled ?? new AlwaysOffSampler_1.AlwaysOffSampler();
			this._localParentSampled = config.localParentSampled ?? new AlwaysOnSampler_1.AlwaysOnSampler();
			this._localParentNotSampled = config.localParentNotSampled ?? new AlwaysOffSampler_1.AlwaysOffSampler();
		}
		shouldSample(context, traceId, spanName, spanKind, attributes, links) {
			const parentContext = api_1.trace.getSpanContext(context);
			if (!parentContext || !(0, api_1.isSpanContextValid)(parentContext)) return this._root.shouldSample(context, traceId, spanName, spanKind, attributes, links);
			if (parentContext.isRemote) {
				if (parentContext.traceFlags & api_1.TraceFlags.SAMPLED) return this._remoteParentSampled.shouldSample(context, traceId, spanName, spanKind, attributes, links);
				return this._remoteParentNotSampled.shouldSample(context, traceId, spanName, spanKind, attributes, links);
			}
			if (parentContext.traceFlags & api_1.TraceFlags.SAMPLED) return this._localParentSampled.shouldSample(context, traceId, spanName, spanKind, attributes, links);
			return this._localParentNotSampled.shouldSample(context, traceId, spanName, spanKind, attributes, links);
		}
		toString() {
			return `ParentBased{root=${this._root.toString()}, remoteParentSampled=${this._remoteParentSampled.toString()}, remoteParentNotSampled=${this._remoteParentNotSampled.toString()}, localParentSampled=${this._localParentSampled.toString()}, localParentNotSampled=${this._localParentNotSampled.toString()}}`;
		}
	};
	exports.ParentBasedSampler = ParentBasedSampler;
}));
// node_modules/@opentelemetry/sdk-trace/build/src/export/SpanProcessorMetrics.js
var require_SpanProcessorMetrics = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.SpanProcessorMetrics = void 0;
	const semantic_conventions_1 = require_dist();
	const semconv_1 = require_semconv();
	const componentCounter = /* @__PURE__ */ new Map();
	var SpanProcessorMetrics = class {
		processedSpans;
		queueSize;
		queueSizeCallback;
		standardAttrs;
		droppedAttrs;
		constructor(componentType, meter, queueConfig) {
			const counter = componentCounter.get(componentType) ?? 0;
			componentCounter.set(componentType, counter + 1);
			this.standardAttrs = {
				[semconv_1.ATTR_OTEL_COMPONENT_TYPE]: componentType,
				[semconv_1.ATTR_OTEL_COMPONENT_NAME]: `${componentType}/${counter}`
			};
			this.droppedAttrs = {
				...this.standardAttrs,
				[semantic_conventions_1.ATTR_ERROR_TYPE]: "queue_full"
			};
			this.processedSpans = meter.createCounter(semconv_1.METRIC_OTEL_SDK_PROCESSOR_SPAN_PROCESSED, {
				unit: "{span}",
				description: "The number of spans for which the processing has finished, either successful or failed."
			});
			if (queueConfig) {
				const { capacity, getQueueSize } = queueConfig;
				meter.createUpDownCounter(semconv_1.METRIC_OTEL_SDK_PROCESSOR_SPAN_QUEUE_CAPACITY, {
					unit: "{span}",
					description: "The maximum number of spans the queue of a given instance of an SDK span processor can hold."
				}).add(capacity, this.standardAttrs);
				this.queueSize = meter.createObservableUpDownCounter(semconv_1.METRIC_OTEL_SDK_PROCESSOR_SPAN_QUEUE_SIZE, {
					unit: "{span}",
					description: "The number of spans in the queue of a given instance of an SDK span processor."
				});
				this.queueSizeCallback = (result) => result.observe(getQueueSize(), this.standardAttrs);
				this.queueSize.addCallback(this.queueSizeCallback);
			}
		}
		dropSpans(count) {
			this.processedSpans.add(count, this.droppedAttrs);
		}
		finishSpans(count, error) {
			if (!error) {
				this.processedSpans.add(count, this.standardAttrs);
				return;
			}
			const attrs = {
				...this.standardAttrs,
				[semantic_conventions_1.ATTR_ERROR_TYPE]: error.name
			};
			this.processedSpans.add(count, attrs);
		}
		shutdown() {
			if (this.queueSize && this.queueSizeCallback) this.queueSize.removeCallback(this.queueSizeCallback);
		}
	};
	exports.SpanProcessorMetrics = SpanProcessorMetrics;
}));
// node_modules/@opentelemetry/sdk-trace/build/src/export/BatchSpanProcessorBase.js
var require_BatchSpanProcessorBase = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.BatchSpanProcessorBase = void 0;
	const api_1 = (init_esm$1(), __toCommonJS(esm_exports$1));
	const core_1 = require_src$6();
	const SpanProcessorMetrics_1 = require_SpanProcessorMetrics();
	const semconv_1 = require_semconv();
	/**
	* Implementation of the {@link SpanProcessor} that batches spans exported by
	* the SDK then pushes them to the exporter pipeline.
	*/
	var BatchSpanProcessorBase = class {
		_maxExportBatchSize;
		_maxQueueSize;
		_scheduledDelayMillis;
		_exportTimeoutMillis;
		_exporter;
		_metrics;
		_isExporting = false;
		_finishedSpans = [];
		_timer;
		_shutdownOnce;
		_droppedSpansCount = 0;
		constructor(options) {
			this._exporter = options.exporter;
			this._maxExportBatchSize = options.maxExportBatchSize ?? 512;
			this._maxQueueSize = options.maxQueueSize ?? 2048;
			this._scheduledDelayMillis = options.scheduledDelayMillis ?? 5e3;
			this._exportTimeoutMillis = options.exportTimeoutMillis ?? 3e4;
			this._shutdownOnce = new core_1.BindOnceFuture(this._shutdown, this);
			if (this._maxExportBatchSize > this._maxQueueSize) {
				api_1.diag.warn("BatchSpanProcessor: maxExportBatchSize must be smaller or equal to maxQueueSize, setting maxExportBatchSize to match maxQueueSize");
				this._maxExportBatchSize = this._maxQueueSize;
			}
			const meter = options.selfObsMeterProvider ? options.selfObsMeterProvider.getMeter("@opentelemetry/sdk-trace") : (0, api_1.createNoopMeter)();
			this._metrics = new SpanProcessorMetrics_1.SpanProcessorMetrics(semconv_1.OTEL_COMPONENT_TYPE_VALUE_BATCHING_SPAN_PROCESSOR, meter, {
				capacity: this._maxQueueSize,
				getQueueSize: () => this._finishedSpans.length
			});
		}
		forceFlush() {
			if (this._shutdownOnce.isCalled) return this._shutdownOnce.promise;
			return this._flushAll();
		}
		onStart(_span, _parentContext) {}
		onEnd(span) {
			if (this._shutdownOnce.isCalled) return;
			if ((span.spanContext().traceFlags & api_1.TraceFlags.SAMPLED) === 0) return;
			this._addToBuffer(span);
		}
		shutdown() {
			return this._shutdownOnce.call();
		}
		_shutdown() {
			return Promise.resolve().then(() => {
				return this.onShutdown();
			}).then(() => {
				return this._flushAll();
			}).then(() => {
				this._metrics.shutdown();
				return this._exporter.shutdown();
			});
		}
		/** Add a span in the buffer. */
		_addToBuffer(span) {
			if (this._finishedSpans.length >= this._maxQueueSize) {
				if (this._droppedSpansCount === 0) api_1.diag.debug("maxQueueSize reached, dropping spans");
				this._droppedSpansCount++;
				this._metrics.dropSpans(1);
				return;
			}
			if (this._droppedSpansCount > 0) {
				api_1.diag.warn(`Dropped ${this._droppedSpansCount} spans because maxQueueSize reached`);
				this._droppedSpansCount = 0;
			}
			this._finishedSpans.push(span);
			this._maybeStartTimer();
		}
		/**
		* Send all spans to the exporter respecting the batch size limit
		* This function is used only on forceFlush or shutdown,
		* for all other cases _flush should be used
		* */
		_flushAll() {
			return new Promise((resolve, reject) => {
				const promises = [];
				const count = Math.ceil(this._finishedSpans.length / this._maxExportBatchSize);
				for (let i = 0, j = count; i < j; i++) promises.push(this._flushOneBatch());
				Promise.all(promises).then(() => {
					resolve();
				}).catch(reject);
			});
		}
		_flushOneBatch() {
			this._clearTimer();
			if (this._finishedSpans.length === 0) return Promise.resolve();
			return new Promise((resolve, reject) => {
				const timer = setTimeout(() => {
					reject(/* @__PURE__ */ new Error("Timeout"));
				}, this._exportTimeoutMillis);
				api_1.context.with((0, core_1.suppressTracing)(api_1.context.active()), () => {
					let spans;
					if (this._finishedSpans.length <= this._maxExportBatchSize) {
						spans = this._finishedSpans;
						this._finishedSpans = [];
					} else spans = this._finishedSpans.splice(0, this._maxExportBatchSize);
					const doExport = () => this._exporter.export(spans, (result) => {
						clearTimeout(timer);
						this._metrics.finishSpans(spans.length, result.error);
						if (result.code === core_1.ExportResultCode.SUCCESS) resolve();
						else reject(result.error ?? /* @__PURE__ */ new Error("BatchSpanProcessor: span export failed"));
					});
					let pendingResources = null;
					for (let i = 0, len = spans.length; i < len; i++) {
						const span = spans[i];
						if (span.resource.asyncAttributesPending && span.resource.waitForAsyncAttributes) {
							pendingResources ??= [];
							pendingResources.push(span.resource.waitForAsyncAttributes());
						}
					}
					if (pendingResources === null) doExport();
					else Promise.all(pendingResources).then(doExport, (err) => {
						(0, core_1.globalErrorHandler)(err);
						reject(err);
					});
				});
			});
		}
		_maybeStartTimer() {
			if (this._isExporting) return;
			const flush = () => {
				this._isExporting = true;
				this._flushOneBatch().finally(() => {
					this._isExporting = false;
					if (this._finishedSpans.length > 0) {
						this._clearTimer();
						this._maybeStartTimer();
					}
				}).catch((e) => {
					this._isExporting = false;
					(0, core_1.globalErrorHandler)(e);
				});
			};
			if (this._finishedSpans.length >= this._maxExportBatchSize) return flush();
			if (this._timer !== void 0) return;
			this._timer = setTimeout(() => flush(), this._scheduledDelayMillis);
			if (typeof this._timer !== "number") this._timer.unref();
		}
		_clearTimer() {
			if (this._timer !== void 0) {
				clearTimeout(this._timer);
				this._timer = void 0;
			}
		}
	};
	exports.BatchSpanProcessorBase = BatchSpanProcessorBase;
}));
// node_modules/@opentelemetry/sdk-trace/build/src/platform/node/export/BatchSpanProcessor.js
var require_BatchSpanProcessor = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.BatchSpanProcessor = void 0;
	const BatchSpanProcessorBase_1 = require_BatchSpanProcessorBase();
	var BatchSpanProcessor = class extends BatchSpanProcessorBase_1.BatchSpanProcessorBase {
		onShutdown() {}
	};
	exports.BatchSpanProcessor = BatchSpanProcessor;
}));
// node_modules/@opentelemetry/sdk-trace/build/src/platform/node/RandomIdGenerator.js
var require_RandomIdGenerator = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.RandomIdGenerator = void 0;
	const SPAN_ID_BYTES = 8;
	const TRACE_ID_BYTES = 16;
	var RandomIdGenerator = class {
		/**
		* Returns a random 16-byte trace ID formatted/encoded as a 32 lowercase hex
		* characters corresponding to 128 bits.
		*/
		generateTraceId = getIdGenerator(TRACE_ID_BYTES);
		/**
		* Returns a random 8-byte span ID formatted/encoded as a 16 lowercase hex
		* characters corresponding to 64 bits.
		*/
		generateSpanId = getIdGenerator(SPAN_ID_BYTES);
	};
	exports.RandomIdGenerator = RandomIdGenerator;
	const SHARED_BUFFER = Buffer.allocUnsafe(TRACE_ID_BYTES);
	function getIdGenerator(bytes) {
		return function generateId() {
			for (let i = 0; i < bytes / 4; i++) SHARED_BUFFER.writeUInt32BE(Math.random() * 2 ** 32 >>> 0, i * 4);
			for (let i = 0; i < bytes; i++) if (SHARED_BUFFER[i] > 0) break;
			else if (i === bytes - 1) SHARED_BUFFER[bytes - 1] = 1;
			return SHARED_BUFFER.toString("hex", 0, bytes);
		};
	}
}));
// node_modules/@opentelemetry/sdk-trace/build/src/platform/node/index.js
var require_node = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.RandomIdGenerator = exports.BatchSpanProcessor = void 0;
	var BatchSpanProcessor_1 = require_BatchSpanProcessor();
	Object.defineProperty(exports, "BatchSpanProcessor", {
		enumerable: true,
		get: function() {
			return BatchSpanProcessor_1.BatchSpanProcessor;
		}
	});
	var RandomIdGenerator_1 = require_RandomIdGenerator();
	Object.defineProperty(exports, "RandomIdGenerator", {
		enumerable: true,
		get: function() {
			return RandomIdGenerator_1.RandomIdGenerator;
		}
	});
}));
// node_modules/@opentelemetry/sdk-trace/build/src/platform/index.js
var require_platform = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.RandomIdGenerator = exports.BatchSpanProcessor = void 0;
	var node_1 = require_node();
	Object.defineProperty(exports, "BatchSpanProcessor", {
		enumerable: true,
		get: function() {
			return node_1.BatchSpanProcessor;
		}
	});
	Object.defineProperty(exports, "RandomIdGenerator", {
		enumerable: true,
		get: function() {
			return node_1.RandomIdGenerator;
		}
	});
}));
// node_modules/@opentelemetry/sdk-trace/build/src/TracerProvider.js
var require_TracerProvider = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.TracerProvider = void 0;
	const api_1 = (init_esm$1(), __toCommonJS(esm_exports$1));
	const resources_1 = require_src$4();
	const Tracer_1 = require_Tracer();
	const MultiSpanProcessor_1 = require_MultiSpanProcessor();
	const ParentBasedSampler_1 = require_ParentBasedSampler();
	const AlwaysOnSampler_1 = require_AlwaysOnSampler();
	const platform_1 = require_platform();
	const inspect_1 = require_inspect();
	var ForceFlushState;
	(function(ForceFlushState) {
		ForceFlushState[ForceFlushState["resolved"] = 0] = "resolved";
		ForceFlushState[ForceFlushState["timeout"] = 1] = "timeout";
		ForceFlushState[ForceFlushState["error"] = 2] = "error";
		ForceFlushState[ForceFlushState["unresolved"] = 3] = "unresolved";
	})(ForceFlushState || (ForceFlushState = {}));
	/**
	* This class represents a basic tracer provider which platform libraries can extend
	*/
	var TracerProvider = class {
		_resource;
		_activeSpanProcessor;
		_forceFlushTimeoutMillis;
		_tracerOptions;
		_tracers = /* @__PURE__ */ new Map();
		constructor(options = {}) {
			this._forceFlushTimeoutMillis = options.forceFlushTimeoutMillis ?? 3e4;
			this._resource = options.resource ?? (0, resources_1.defaultResource)();
			const spanProcessors = options.spanProcessors ?? [];
			this._activeSpanProcessor = new MultiSpanProcessor_1.MultiSpanProcessor(spanProcessors);
			this._tracerOptions = {
				resource: this._resource,
				sampler: options.sampler ?? new ParentBasedSampler_1.ParentBasedSampler({ root: new AlwaysOnSampler_1.AlwaysOnSampler() }),
				spanLimits: {
					attributeCountLimit: options.spanLimits?.attributeCountLimit ?? 128,
					attributeValueLengthLimit: options.spanLimits?.attributeValueLengthLimit ?? Infinity,
					eventCountLimit: options.spanLimits?.eventCountLimit ?? 128,
					linkCountLimit: options.spanLimits?.linkCountLimit ?? 128,
					attributePerEventCountLimit: options.spanLimits?.attributePerEventCountLimit ?? 128,
					attributePerLinkCountLimit: options.spanLimits?.attributePerLinkCountLimit ?? 128
				},
				idGenerator: options.idGenerator || new platform_1.RandomIdGenerator(),
				spanProcessor: this._activeSpanProcessor,
				meterProvider: options.meterProvider ?? { getMeter() {
					return (0, api_1.createNoopMeter)();
				} }
			};
		}
		getTracer(name, version, options) {
			const key = `${name}@${version || ""}:${options?.schemaUrl || ""}`;
			if (!this._tracers.has(key)) this._tracers.set(key, new Tracer_1.Tracer({
				name,
				version,
				schemaUrl: options?.schemaUrl
			}, this._tracerOptions));
			return this._tracers.get(key);
		}
		forceFlush(options) {
			const timeout = options?.timeoutMillis ?? this._forceFlushTimeoutMillis;
			const promises = this._activeSpanProcessor["_spanProcessors"].map((spanProcessor) => {
				return new Promise((resolve) => {
					let state;
					const timeoutInterval = setTimeout(() => {
						resolve(/* @__PURE__ */ new Error(`Span processor did not completed within timeout period of ${timeout} ms`));
						state = ForceFlushState.timeout;
					}, timeout);
					spanProcessor.forceFlush().then(() => {
						clearTimeout(timeoutInterval);
						if (state !== ForceFlushState.timeout) {
							state = ForceFlushState.resolved;
							resolve(state);
						}
					}).catch((error) => {
						clearTimeout(timeoutInterval);
						state = ForceFlushState.error;
						resolve(error);
					});
				});
			});
			return new Promise((resolve, reject) => {
				Promise.all(promises).then((results) => {
					const errors = results.filter((result) => result !== ForceFlushState.resolved);
					if (errors.length > 0) reject(errors);
					else resolve();
				}).catch((error) => reject([error]));
			});
		}
		shutdown() {
			return this._activeSpanProcessor.shutdown();
		}
		[inspect_1.inspectCustom](depth, options, inspect) {
			const processors = this._activeSpanProcessor["_spanProcessors"];
			const payload = {
				resource: { attributes: (0, inspect_1.settledResourceAttributes)(this._resource) },
				tracers: Array.from(this._tracers.keys()),
				spanProcessors: processors.map((p) => p.constructor?.name ?? "SpanProcessor")
			};
			return (0, inspect_1.formatInspect)("TracerProvider", payload, depth, options, inspect);
		}
	};
	exports.TracerProvider = TracerProvider;
}));
// node_modules/@opentelemetry/sdk-trace/build/src/export/ConsoleSpanExporter.js
var require_ConsoleSpanExporter = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.ConsoleSpanExporter = void 0;
	const core_1 = require_src$6();
	/**
	* This is implementation of {@link SpanExporter} that prints spans to the
	* console. This class can be used for diagnostic purposes.
	*
	* NOTE: This {@link SpanExporter} is intended for diagnostics use only, output rendered to the console may change at any time.
	*/
	var ConsoleSpanExporter = class {
		/**
		* Export spans.
		* @param spans
		* @param resultCallback
		*/
		export(spans, resultCallback) {
			return this._sendSpans(spans, resultCallback);
		}
		/**
		* Shutdown the exporter.
		*/
		shutdown() {
			this._sendSpans([]);
			return this.forceFlush();
		}
		/**
		* Exports any pending spans in exporter
		*/
		forceFlush() {
			return Promise.resolve();
		}
		/**
		* converts span info into more readable format
		* @param span
		*/
		_exportInfo(span) {
			return {
				resource: { attributes: span.resource.attributes },
				instrumentationScope: span.instrumentationScope,
				traceId: span.spanContext().traceId,
				parentSpanContext: span.parentSpanContext,
				traceState: span.spanContext().traceState?.serialize(),
				name: span.name,
				id: span.spanContext().spanId,
				kind: span.kind,
				timestamp: (0, core_1.hrTimeToMicroseconds)(span.startTime),
				duration: (0, core_1.hrTimeToMicroseconds)(span.duration),
				attributes: span.attributes,
				status: span.status,
				events: span.events,
				links: span.links
			};
		}
		/**
		* Showing spans in console
		* @param spans
		* @param done
		*/
		_sendSpans(spans, done) {
			for (const span of spans) console.dir(this._exportInfo(span), { depth: 3 });
			if (done) return done({ code: core_1.ExportResultCode.SUCCESS });
		}
	};
	exports.ConsoleSpanExporter = ConsoleSpanExporter;
}));
// node_modules/@opentelemetry/sdk-trace/build/src/export/InMemorySpanExporter.js
var require_InMemorySpanExporter = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.InMemorySpanExporter = void 0;
	const core_1 = require_src$6();
	/**
	* This class can be used for testing purposes. It stores the exported spans
	* in a list in memory that can be retrieved using the `getFinishedSpans()`
	* method.
	*/
	var InMemorySpanExporter = class {
		_finishedSpans = [];
		/**
		* Indicates if the exporter has been "shutdown."
		* When false, exported spans will not be stored in-memory.
		*/
		_stopped = false;
		export(spans, resultCallback) {
			if (this._stopped) return resultCallback({
				code: core_1.ExportResultCode.FAILED,
				error: /* @__PURE__ */ new Error("Exporter has been stopped")
			});
			this._finishedSpans.push(...spans);
			setTimeout(() => resultCallback({ code: core_1.ExportResultCode.SUCCESS }), 0);
		}
		shutdown() {
			this._stopped = true;
			this._finishedSpans = [];
			return this.forceFlush();
		}
		/**
		* Exports any pending spans in the exporter
		*/
		forceFlush() {
			return Promise.resolve();
		}
		reset() {
			this._finishedSpans = [];
		}
		getFinishedSpans() {
			return this._finishedSpans;
		}
	};
	exports.InMemorySpanExporter = InMemorySpanExporter;
}));
// node_modules/@opentelemetry/sdk-trace/build/src/export/SimpleSpanProcessor.js
var require_SimpleSpanProcessor = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.SimpleSpanProcessor = void 0;
	const api_1 = (init_esm$1(), __toCommonJS(esm_exports$1));
	const core_1 = require_src$6();
	const SpanProcessorMetrics_1 = require_SpanProcessorMetrics();
	const semconv_1 = require_semconv();
	/**
	* An implementation of the {@link SpanProcessor} that converts the {@link Span}
	* to {@link ReadableSpan} and passes it to the configured exporter.
	*
	* Only spans that are sampled are converted.
	*
	* NOTE: This {@link SpanProcessor} exports every ended span individually instead of batching spans together, which causes significant performance overhead with most exporters. For production use, please consider using the {@link BatchSpanProcessor} instead.
	*/
	var SimpleSpanProcessor = class {
		_exporter;
		_metrics;
		_shutdownOnce;
		_pendingExports;
		constructor(options) {
			this._exporter = options.exporter;
			this._shutdownOnce = new core_1.BindOnceFuture(this._shutdown, this);
			this._pendingExports = /* @__PURE__ */ new Set();
			const meter = options.selfObsMeterProvider ? options.selfObsMeterProvider.getMeter("@opentelemetry/sdk-trace") : (0, api_1.createNoopMeter)();
			this._metrics = new SpanProcessorMetrics_1.SpanProcessorMetrics(semconv_1.OTEL_COMPONENT_TYPE_VALUE_SIMPLE_SPAN_PROCESSOR, meter);
		}
		async forceFlush() {
			let pendingExportError;
			let pendingExportRejected = false;
			try {
				await Promise.all(Array.from(this._pendingExports));
			} catch (err) {
				pendingExportError = err;
				pendingExportRejected = true;
			}
			if (this._exporter.forceFlush) await this._exporter.forceFlush();
			if (pendingExportRejected) throw pendingExportError;
		}
		onStart(_span, _parentContext) {}
		onEnd(span) {
			if (this._shutdownOnce.isCalled) return;
			if ((span.spanContext().traceFlags & api_1.TraceFlags.SAMPLED) === 0) return;
			const pendingExport = this._doExport(span);
			this._pendingExports.add(pendingExport);
			pendingExport.then(() => {
				this._pendingExports.delete(pendingExport);
			}, (err) => {
				(0, core_1.globalErrorHandler)(err);
				this._pendingExports.delete(pendingExport);
			});
		}
		async _doExport(span) {
			if (span.resource.asyncAttributesPending) await span.resource.waitForAsyncAttributes?.();
			const result = await core_1.internal._export(this._exporter, [span]);
			this._metrics.finishSpans(1, result.error);
			if (result.code !== core_1.ExportResultCode.SUCCESS) throw result.error ?? /* @__PURE__ */ new Error(`SimpleSpanProcessor: span export failed (status ${result})`);
		}
		shutdown() {
			return this._shutdownOnce.call();
		}
		_shutdown() {
			this._metrics.shutdown();
			return this._exporter.shutdown();
		}
	};
	exports.SimpleSpanProcessor = SimpleSpanProcessor;
}));
// node_modules/@opentelemetry/sdk-trace/build/src/export/NoopSpanProcessor.js
var require_NoopSpanProcessor = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.NoopSpanProcessor = void 0;
	/** No-op implementation of SpanProcessor */
	var NoopSpanProcessor = class {
		onStart(_span, _context) {}
		onEnd(_span) {}
		shutdown() {
			return Promise.resolve();
		}
		forceFlush() {
			return Promise.resolve();
		}
	};
	exports.NoopSpanProcessor = NoopSpanProcessor;
}));
// node_modules/@opentelemetry/sdk-trace/build/src/sampler/AlwaysRecordSampler.js
var require_AlwaysRecordSampler = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.createAlwaysRecordSampler = void 0;
	const Sampler_1 = require_Sampler();
	/**
	* Creates a sampler that wraps a delegate and upgrades NOT_RECORD decisions to
	* RECORD, ensuring all spans are recorded without affecting the sampling rate.
	*/
	function createAlwaysRecordSampler(delegate) {
		if (!delegate) throw new Error("createAlwaysRecordSampler requires a delegate sampler");
		return {
			shouldSample(context, traceId, spanName, spanKind, attributes, links) {
				const result = delegate.shouldSample(context, traceId, spanName, spanKind, attributes, links);
				if (result.decision === Sampler_1.SamplingDecision.NOT_RECORD) return {
					decision: Sampler_1.SamplingDecision.RECORD,
					attributes: result.attributes,
					traceState: result.traceState
				};
				return result;
			},
			toString() {
				return `AlwaysRecordSampler{${delegate.toString()}}`;
			}
		};
	}
	exports.createAlwaysRecordSampler = createAlwaysRecordSampler;
}));
// node_modules/@opentelemetry/sdk-trace/build/src/sampler/TraceIdRatioBasedSampler.js
var require_TraceIdRatioBasedSampler = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.TraceIdRatioBasedSampler = void 0;
	const api_1 = (init_esm$1(), __toCommonJS(esm_exports$1));
	const Sampler_1 = require_Sampler();
	/** Sampler that samples a given fraction of traces based of trace id deterministically. */
	var TraceIdRatioBasedSampler = class {
		_ratio;
		_upperBound;
		constructor(ratio = 0) {
			this._ratio = this._normalize(ratio);
			this._upperBound = this._ratio === 1 ? 4294967296 : Math.floor(this._ratio * 4294967295);
		}
		shouldSample(context, traceId) {
			return { decision: (0, api_1.isValidTraceId)(traceId) && this._accumulate(traceId) < this._upperBound ? Sampler_1.SamplingDecision.RECORD_AND_SAMPLED : Sampler_1.SamplingDecision.NOT_RECORD };
		}
		toString() {
			return `TraceIdRatioBased{${this._ratio}}`;
		}
		_normalize(ratio) {
			if (typeof ratio !== "number" || isNaN(ratio)) return 0;
			return ratio >= 1 ? 1 : ratio <= 0 ? 0 : ratio;
		}
		_accumulate(traceId) {
			let accumulation = 0;
			for (let i = 0; i < 32; i += 8) {
				let part = 0;
				for (let j = 0; j < 8; j++) {
					const c = traceId.charCodeAt(i + j);
					const v = c < 58 ? c - 48 : c < 71 ? c - 55 : c - 87;
					part = part << 4 | v;
				}
				accumulation = (accumulation ^ part) >>> 0;
			}
			return accumulation;
		}
	};
	exports.TraceIdRatioBasedSampler = TraceIdRatioBasedSampler;
}));
// node_modules/@opentelemetry/sdk-trace/build/src/index.js
var require_src = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.SamplingDecision = exports.TraceIdRatioBasedSampler = exports.ParentBasedSampler = exports.createAlwaysRecordSampler = exports.AlwaysOnSampler = exports.AlwaysOffSampler = exports.NoopSpanProcessor = exports.SimpleSpanProcessor = exports.InMemorySpanExporter = exports.ConsoleSpanExporter = exports.RandomIdGenerator = exports.BatchSpanProcessor = exports.TracerProvider = exports.StackContextManager = void 0;
	var StackContextManager_1 = require_StackContextManager();
	Object.defineProperty(exports, "StackContextManager", {
		enumerable: true,
		get: function() {
			return StackContextManager_1.StackContextManager;
		}
	});
	var TracerProvider_1 = require_TracerProvider();
	Object.defineProperty(exports, "TracerProvider", {
		enumerable: true,
		get: function() {
			return TracerProvider_1.TracerProvider;
		}
	});
	var platform_1 = require_platform();
	Object.defineProperty(exports, "BatchSpanProcessor", {
		enumerable: true,
		get: function() {
			return platform_1.BatchSpanProcessor;
		}
	});
	Object.defineProperty(exports, "RandomIdGenerator", {
		enumerable: true,
		get: function() {
			return platform_1.RandomIdGenerator;
		}
	});
	var ConsoleSpanExporter_1 = require_ConsoleSpanExporter();
	Object.defineProperty(exports, "ConsoleSpanExporter", {
		enumerable: true,
		get: function() {
			return ConsoleSpanExporter_1.ConsoleSpanExporter;
		}
	});
	var InMemorySpanExporter_1 = require_InMemorySpanExporter();
	Object.defineProperty(exports, "InMemorySpanExporter", {
		enumerable: true,
		get: function() {
			return InMemorySpanExporter_1.InMemorySpanExporter;
		}
	});
	var SimpleSpanProcessor_1 = require_SimpleSpanProcessor();
	Object.defineProperty(exports, "SimpleSpanProcessor", {
		enumerable: true,
		get: function() {
			return SimpleSpanProcessor_1.SimpleSpanProcessor;
		}
	});
	var NoopSpanProcessor_1 = require_NoopSpanProcessor();
	Object.defineProperty(exports, "NoopSpanProcessor", {
		enumerable: true,
		get: function() {
			return NoopSpanProcessor_1.NoopSpanProcessor;
		}
	});
	var AlwaysOffSampler_1 = require_AlwaysOffSampler();
	Object.defineProperty(exports, "AlwaysOffSampler", {
		enumerable: true,
		get: function() {
			return AlwaysOffSampler_1.AlwaysOffSampler;
		}
	});
	var AlwaysOnSampler_1 = require_AlwaysOnSampler();
	Object.defineProperty(exports, "AlwaysOnSampler", {
		enumerable: true,
		get: function() {
			return AlwaysOnSampler_1.AlwaysOnSampler;
		}
	});
	var AlwaysRecordSampler_1 = require_AlwaysRecordSampler();
	Object.defineProperty(exports, "createAlwaysRecordSampler", {
		enumerable: true,
		get: function() {
			return AlwaysRecordSampler_1.createAlwaysRecordSampler;
		}
	});
	var ParentBasedSampler_1 = require_ParentBasedSampler();
	Object.defineProperty(exports, "ParentBasedSampler", {
		enumerable: true,
		get: function() {
			return ParentBasedSampler_1.ParentBasedSampler;
		}
	});
	var TraceIdRatioBasedSampler_1 = require_TraceIdRatioBasedSampler();
	Object.defineProperty(exports, "TraceIdRatioBasedSampler", {
		enumerable: true,
		get: function() {
			return TraceIdRatioBasedSampler_1.TraceIdRatioBasedSampler;
		}
	});
	var Sampler_1 = require_Sampler();
	Object.defineProperty(exports, "SamplingDecision", {
		enumerable: true,
		get: function() {
			return Sampler_1.SamplingDecision;
		}
	});
}));
// node_modules/@opentelemetry/sdk-trace-base/build/src/config.js
var require_config = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.buildSamplerFromEnv = exports.loadDefaultConfig = void 0;
	const api_1 = (init_esm$1(), __toCommonJS(esm_exports$1));
	const core_1 = require_src$6();
	const sdk_trace_1 = require_src();
	var TracesSamplerValues;
	(function(TracesSamplerValues) {
		TracesSamplerValues["AlwaysOff"] = "always_off";
		TracesSamplerValues["AlwaysOn"] = "always_on";
		TracesSamplerValues["ParentBasedAlwaysOff"] = "parentbased_always_off";
		TracesSamplerValues["ParentBasedAlwaysOn"] = "parentbased_always_on";
		TracesSamplerValues["ParentBasedTraceIdRatio"] = "parentbased_traceidratio";
		TracesSamplerValues["TraceIdRatio"] = "traceidratio";
	})(TracesSamplerValues || (TracesSamplerValues = {}));
	const DEFAULT_RATIO = 1;
	/**
	* Load default configuration. For fields with primitive values, any user-provided
	* value will override the corresponding default value. For fields with
	* non-primitive values (like `spanLimits`), the user-provided value will be
	* used to extend the default value.
	*/
	function loadDefaultConfig() {
		return {
			sampler: buildSamplerFromEnv(),
			forceFlushTimeoutMillis: 3e4,
			generalLimits: {
				attributeValueLengthLimit: (0, core_1.getNumberFromEnv)("OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT") ?? Infinity,
				attributeCountLimit: (0, core_1.getNumberFromEnv)("OTEL_ATTRIBUTE_COUNT_LIMIT") ?? 128
			},
			spanLimits: {
				attributeValueLengthLimit: (0, core_1.getNumberFromEnv)("OTEL_SPAN_ATTRIBUTE_VALUE_LENGTH_LIMIT") ?? Infinity,
				attributeCountLimit: (0, core_1.getNumberFromEnv)("OTEL_SPAN_ATTRIBUTE_COUNT_LIMIT") ?? 128,
				linkCountLimit: (0, core_1.getNumberFromEnv)("OTEL_SPAN_LINK_COUNT_LIMIT") ?? 128,
				eventCountLimit: (0, core_1.getNumberFromEnv)("OTEL_SPAN_EVENT_COUNT_LIMIT") ?? 128,
				attributePerEventCountLimit: (0, core_1.getNumberFromEnv)("OTEL_SPAN_ATTRIBUTE_PER_EVENT_COUNT_LIMIT") ?? 128,
				attributePerLinkCountLimit: (0, core_1.getNumberFromEnv)("OTEL_SPAN_ATTRIBUTE_PER_LINK_COUNT_LIMIT") ?? 128
			}
		};
	}
	exports.loadDefaultConfig = loadDefaultConfig;
	/**
	* Based on environment, builds a sampler, complies with specification.
	*/
	function buildSamplerFromEnv() {
		const sampler = (0, core_1.getStringFromEnv)("OTEL_TRACES_SAMPLER") ?? TracesSamplerValues.ParentBasedAlwaysOn;
		switch (sampler) {
			case TracesSamplerValues.AlwaysOn: return new sdk_trace_1.AlwaysOnSampler();
			case TracesSamplerValues.AlwaysOff: return new sdk_trace_1.AlwaysOffSampler();
			case TracesSamplerValues.ParentBasedAlwaysOn: return new sdk_trace_1.ParentBasedSampler({ root: new sdk_trace_1.AlwaysOnSampler() });
			case TracesSamplerValues.ParentBasedAlwaysOff: return new sdk_trace_1.ParentBasedSampler({ root: new sdk_trace_1.AlwaysOffSampler() });
			case TracesSamplerValues.TraceIdRatio: return new sdk_trace_1.TraceIdRatioBasedSampler(getSamplerProbabilityFromEnv());
			case TracesSamplerValues.ParentBasedTraceIdRatio: return new sdk_trace_1.ParentBasedSampler({ root: new sdk_trace_1.TraceIdRatioBasedSampler(getSamplerProbabilityFromEnv()) });
			default:
				api_1.diag.error(`OTEL_TRACES_SAMPLER value "${sampler}" invalid, defaulting to "${TracesSamplerValues.ParentBasedAlwaysOn}".`);
				return new sdk_trace_1.ParentBasedSampler({ root: new sdk_trace_1.AlwaysOnSampler() });
		}
	}
	exports.buildSamplerFromEnv = buildSamplerFromEnv;
	function getSamplerProbabilityFromEnv() {
		const probability = (0, core_1.getNumberFromEnv)("OTEL_TRACES_SAMPLER_ARG");
		if (probability == null) {
			api_1.diag.error(`OTEL_TRACES_SAMPLER_ARG is blank, defaulting to ${DEFAULT_RATIO}.`);
			return DEFAULT_RATIO;
		}
		if (probability < 0 || probability > 1) {
			api_1.diag.error(`OTEL_TRACES_SAMPLER_ARG=${probability} was given, but it is out of range ([0..1]), defaulting to ${DEFAULT_RATIO}.`);
			return DEFAULT_RATIO;
		}
		return probability;
	}
}));
// node_modules/@opentelemetry/sdk-trace-base/build/src/utility.js
var require_utility = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.reconfigureLimits = exports.DEFAULT_ATTRIBUTE_VALUE_LENGTH_LIMIT = exports.DEFAULT_ATTRIBUTE_COUNT_LIMIT = void 0;
	const core_1 = require_src$6();
	exports.DEFAULT_ATTRIBUTE_COUNT_LIMIT = 128;
	exports.DEFAULT_ATTRIBUTE_VALUE_LENGTH_LIMIT = Infinity;
	/**
	* When general limits are provided and model specific limits are not,
	* configures the model specific limits by using the values from the general ones.
	* @param userConfig User provided tracer configuration
	*/
	function reconfigureLimits(userConfig) {
		const spanLimits = Object.assign({}, userConfig.spanLimits);
		/**
		* Reassign span attribute count limit to use first non null value defined by user or use default value
		*/
		spanLimits.attributeCountLimit = userConfig.spanLimits?.attributeCountLimit ?? userConfig.generalLimits?.attributeCountLimit ?? (0, core_1.getNumberFromEnv)("OTEL_SPAN_ATTRIBUTE_COUNT_LIMIT") ?? (0, core_1.getNumberFromEnv)("OTEL_ATTRIBUTE_COUNT_LIMIT") ?? exports.DEFAULT_ATTRIBUTE_COUNT_LIMIT;
		/**
		* Reassign span attribute value length limit to use first non null value defined by user or use default value
		*/
		spanLimits.attributeValueLengthLimit = userConfig.spanLimits?.attributeValueLengthLimit ?? userConfig.generalLimits?.attributeValueLengthLimit ?? (0, core_1.getNumberFromEnv)("OTEL_SPAN_ATTRIBUTE_VALUE_LENGTH_LIMIT") ?? (0, core_1.getNumberFromEnv)("OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT") ?? exports.DEFAULT_ATTRIBUTE_VALUE_LENGTH_LIMIT;
		return Object.assign({}, userConfig, { spanLimits });
	}
	exports.reconfigureLimits = reconfigureLimits;
}));
// node_modules/@opentelemetry/sdk-trace-base/build/src/BasicTracerProvider-shim.js
var require_BasicTracerProvider_shim = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.BasicTracerProvider = void 0;
	const core_1 = require_src$6();
	const config_1 = require_config();
	const utility_1 = require_utility();
	const sdk_trace_1 = require_src();
	/**
	* A TracerProvider implementation that reads configuration defaults from
	* OTEL_* environment variables per
	* https://opentelemetry.io/docs/specs/otel/configuration/sdk-environment-variables/
	*/
	var BasicTracerProvider = class extends sdk_trace_1.TracerProvider {
		constructor(config = {}) {
			const mergedConfig = (0, core_1.merge)({}, (0, config_1.loadDefaultConfig)(), (0, utility_1.reconfigureLimits)(config));
			delete mergedConfig.generalLimits;
			super(mergedConfig);
		}
	};
	exports.BasicTracerProvider = BasicTracerProvider;
}));
// node_modules/@opentelemetry/sdk-trace-base/build/src/BatchSpanProcessor-shim.js
var require_BatchSpanProcessor_shim = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.BatchSpanProcessor = void 0;
	const core_1 = require_src$6();
	const sdk_trace_1 = require_src();
	/**
	* A BatchSpanProcessor that applies `OTEL_*` environment variable fallbacks per
	* https://opentelemetry.io/docs/specs/otel/configuration/sdk-environment-variables/
	*/
	var BatchSpanProcessor = class extends sdk_trace_1.BatchSpanProcessor {
		constructor(exporter, config) {
			if (!config) config = {};
			for (const [configName, envName] of [
				["maxExportBatchSize", "OTEL_BSP_MAX_EXPORT_BATCH_SIZE"],
				["maxQueueSize", "OTEL_BSP_MAX_QUEUE_SIZE"],
				["scheduledDelayMillis", "OTEL_BSP_SCHEDULE_DELAY"],
				["exportTimeoutMillis", "OTEL_BSP_EXPORT_TIMEOUT"]
			]) if (config[configName] === void 0) {
				const envFallback = (0, core_1.getNumberFromEnv)(envName);
				if (envFallback !== void 0) config[configName] = envFallback;
			}
			super({
				exporter,
				...config
			});
		}
	};
	exports.BatchSpanProcessor = BatchSpanProcessor;
}));
// node_modules/@opentelemetry/sdk-trace-base/build/src/SimpleSpanProcessor-shim.js
var require_SimpleSpanProcessor_shim = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.SimpleSpanProcessor = void 0;
	const sdk_trace_1 = require_src();
	/**
	* A SimpleSpanProcessor with the old constructor call signature that
	* takes just a single exporter argument. This version does not support
	* the additional options that the SimpleSpanProcessor in sdk-trace does.
	*/
	var SimpleSpanProcessor = class extends sdk_trace_1.SimpleSpanProcessor {
		constructor(exporter) {
			super({ exporter });
		}
	};
	exports.SimpleSpanProcessor = SimpleSpanProcessor;
}));
// node_modules/@opentelemetry/sdk-trace-base/build/src/index-shim.js
var require_index_shim = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.SamplingDecision = exports.TraceIdRatioBasedSampler = exports.ParentBasedSampler = exports.AlwaysOnSampler = exports.AlwaysOffSampler = exports.NoopSpanProcessor = exports.InMemorySpanExporter = exports.RandomIdGenerator = exports.ConsoleSpanExporter = exports.SimpleSpanProcessor = exports.BatchSpanProcessor = exports.BasicTracerProvider = void 0;
	var BasicTracerProvider_shim_1 = require_BasicTracerProvider_shim();
	Object.defineProperty(exports, "BasicTracerProvider", {
		enumerable: true,
		get: function() {
			return BasicTracerProvider_shim_1.BasicTracerProvider;
		}
	});
	var BatchSpanProcessor_shim_1 = require_BatchSpanProcessor_shim();
	Object.defineProperty(exports, "BatchSpanProcessor", {
		enumerable: true,
		get: function() {
			return BatchSpanProcessor_shim_1.BatchSpanProcessor;
		}
	});
	var SimpleSpanProcessor_shim_1 = require_SimpleSpanProcessor_shim();
	Object.defineProperty(exports, "SimpleSpanProcessor", {
		enumerable: true,
		get: function() {
			return SimpleSpanProcessor_shim_1.SimpleSpanProcessor;
		}
	});
	var sdk_trace_1 = require_src();
	Object.defineProperty(exports, "ConsoleSpanExporter", {
		enumerable: true,
		get: function() {
			return sdk_trace_1.ConsoleSpanExporter;
		}
	});
	Object.defineProperty(exports, "RandomIdGenerator", {
		enumerable: true,
		get: function() {
			return sdk_trace_1.RandomIdGenerator;
		}
	});
	Object.defineProperty(exports, "InMemorySpanExporter", {
		enumerable: true,
		get: function() {
			return sdk_trace_1.InMemorySpanExporter;
		}
	});
	Object.defineProperty(exports, "NoopSpanProcessor", {
		enumerable: true,
		get: function() {
			return sdk_trace_1.NoopSpanProcessor;
		}
	});
	Object.defineProperty(exports, "AlwaysOffSampler", {
		enumerable: true,
		get: function() {
			return sdk_trace_1.AlwaysOffSampler;
		}
	});
	Object.defineProperty(exports, "AlwaysOnSampler", {
		enumerable: true,
		get: function() {
			return sdk_trace_1.AlwaysOnSampler;
		}
	});
	Object.defineProperty(exports, "ParentBasedSampler", {
		enumerable: true,
		get: function() {
			return sdk_trace_1.ParentBasedSampler;
		}
	});
	Object.defineProperty(exports, "TraceIdRatioBasedSampler", {
		enumerable: true,
		get: function() {
			return sdk_trace_1.TraceIdRatioBasedSampler;
		}
	});
	Object.defineProperty(exports, "SamplingDecision", {
		enumerable: true,
		get: function() {
			return sdk_trace_1.SamplingDecision;
		}
	});
}));
// src/telemetry/attributes.ts
var import_src$2 = require_src$4();
var import_src$1 = require_src$1();
var import_index_shim = require_index_shim();
/**
* The attribute names the export uses. The GenAI names are copied from
* `@opentelemetry/semantic-conventions/incubating` (1.45.0): incubating names may change in any
* minor release, so they are pinned here rather than imported. `llm_do.*` names are llm-do's own.
*/
const GEN_AI_OPERATION_NAME = "gen_ai.operation.name";
const GEN_AI_PROVIDER_NAME = "gen_ai.provider.name";
const GEN_AI_AGENT_NAME = "gen_ai.agent.name";
const GEN_AI_REQUEST_MODEL = "gen_ai.request.model";
const GEN_AI_REQUEST_MAX_TOKENS = "gen_ai.request.max_tokens";
const GEN_AI_REQUEST_TEMPERATURE = "gen_ai.request.temperature";
const GEN_AI_REQUEST_TOP_P = "gen_ai.request.top_p";
const GEN_AI_REQUEST_TOP_K = "gen_ai.request.top_k";
const GEN_AI_REQUEST_SEED = "gen_ai.request.seed";
const GEN_AI_REQUEST_STOP_SEQUENCES = "gen_ai.request.stop_sequences";
const GEN_AI_RESPONSE_FINISH_REASONS = "gen_ai.response.finish_reasons";
const GEN_AI_USAGE_INPUT_TOKENS = "gen_ai.usage.input_tokens";
const GEN_AI_USAGE_OUTPUT_TOKENS = "gen_ai.usage.output_tokens";
const GEN_AI_USAGE_CACHE_READ_INPUT_TOKENS = "gen_ai.usage.cache_read.input_tokens";
const GEN_AI_USAGE_CACHE_CREATION_INPUT_TOKENS = "gen_ai.usage.cache_creation.input_tokens";
const GEN_AI_TOOL_NAME = "gen_ai.tool.name";
const GEN_AI_TOOL_TYPE = "gen_ai.tool.type";
const GEN_AI_TOOL_CALL_ID = "gen_ai.tool.call.id";
/** Content (only with `LLM_DO_OTEL_CONTENT=1`) from here to {@link GEN_AI_OUTPUT_MESSAGES}. */
const GEN_AI_TOOL_CALL_ARGUMENTS = "gen_ai.tool.call.arguments";
const GEN_AI_TOOL_CALL_RESULT = "gen_ai.tool.call.result";
const GEN_AI_SYSTEM_INSTRUCTIONS = "gen_ai.system_instructions";
const GEN_AI_INPUT_MESSAGES = "gen_ai.input.messages";
const GEN_AI_OUTPUT_MESSAGES = "gen_ai.output.messages";
/** Stable (`@opentelemetry/semantic-conventions` `ATTR_ERROR_TYPE`). */
const ERROR_TYPE = "error.type";
const OPERATION_INVOKE_AGENT = "invoke_agent";
const OPERATION_CHAT = "chat";
const OPERATION_EXECUTE_TOOL = "execute_tool";
const ATTR_LLM_DO_RUN_ID = "llm_do.run_id";
const ATTR_LLM_DO_CALL_ID = "llm_do.call_id";
const ATTR_LLM_DO_PARENT_CALL_ID = "llm_do.parent_call_id";
const ATTR_LLM_DO_CHAIN = "llm_do.chain";
const ATTR_LLM_DO_MODEL = "llm_do.model";
const ATTR_LLM_DO_STEP = "llm_do.step";
const ATTR_LLM_DO_COST_USD = "llm_do.usage.cost_usd";
const ATTR_LLM_DO_RUN_STATUS = "llm_do.run.status";
// src/telemetry/genai-messages.ts
/** AI SDK finish reasons as the conventions spell them (`tool-calls` → `tool_call`, …). */
const FINISH_REASONS = {
	"tool-calls": "tool_call",
	"content-filter": "content_filter"
};
function genAiFinishReason(finishReason) {
	return FINISH_REASONS[finishReason] ?? finishReason;
}
function toGenAiPrompt(messages) {
	const systemInstructions = [];
	const inputMessages = [];
	for (const message of messages) {
		if (!isRecord(message) || typeof message.role !== "string") continue;
		if (message.role === "system") {
			if (typeof message.content === "string") systemInstructions.push({
				type: "text",
				content: message.content
			});
			continue;
		}
		const content = Array.isArray(message.content) ? message.content : [];
		inputMessages.push({
			role: message.role,
			parts: content.filter(isRecord).map(toGenAiPart)
		});
	}
	return {
		systemInstructions,
		inputMessages
	};
}
/** One model response: its text and the tool calls it asked for. */
function toGenAiOutput(text, toolCalls, finishReason) {
	return [{
		role: "assistant",
		parts: [...text === "" ? [] : [{
			type: "text",
			content: text
		}], ...toolCalls],
		finish_reason: genAiFinishReason(finishReason)
	}];
}
function toolCallPart(id, name, args) {
	return {
		type: "tool_call",
		id,
		name,
		arguments: args
	};
}
function toGenAiPart(part) {
	switch (part.type) {
		case "text": return {
			type: "text",
			content: part.text
		};
		case "reasoning": return {
			type: "reasoning",
			content: part.text
		};
		case "tool-call": return toolCallPart(String(part.toolCallId), String(part.toolName), part.input);
		case "tool-result": {
			const output = part.output;
			return {
				type: "tool_call_response",
				id: part.toolCallId,
				response: isRecord(output) && "value" in output ? output.value : output
			};
		}
		case "file": return {
			type: "file",
			mime_type: part.mediaType,
			...typeof part.filename === "string" ? { filename: part.filename } : {}
		};
		default: return { type: String(part.type) };
	}
}
function isRecord(value) {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}
// src/telemetry/span-attributes.ts
/**
* `gen_ai.provider.name` and `gen_ai.request.model` of an llm-do model id: the provider prefix
* (`google` is `gcp.gemini` in the conventions) and the provider's own model name.
*/
function modelAttributes(modelId) {
	try {
		const { provider, model } = parseModelId(modelId);
		return {
			provider: provider === "google" ? "gcp.gemini" : provider,
			model
		};
	} catch {
		return {
			provider: "unknown",
			model: modelId
		};
	}
}
/** The `gen_ai.request.*` attributes of a request's settings (as the AI SDK passed them to the provider). */
function requestSettings(settings) {
	const attributes = {};
	const numbers = [
		["maxOutputTokens", GEN_AI_REQUEST_MAX_TOKENS],
		["temperature", GEN_AI_REQUEST_TEMPERATURE],
		["topP", GEN_AI_REQUEST_TOP_P],
		["topK", GEN_AI_REQUEST_TOP_K],
		["seed", GEN_AI_REQUEST_SEED]
	];
	for (const [key, name] of numbers) if (typeof settings[key] === "number") attributes[name] = settings[key];
	const stop = settings.stopSequences;
	if (Array.isArray(stop) && stop.every((item) => typeof item === "string")) attributes[GEN_AI_REQUEST_STOP_SEQUENCES] = stop;
	return attributes;
}
/** The `gen_ai.usage.*` attributes of a call's token counts. */
function usageAttributes(usage) {
	return {
		[GEN_AI_USAGE_INPUT_TOKENS]: usage.input,
		[GEN_AI_USAGE_OUTPUT_TOKENS]: usage.output,
		[GEN_AI_USAGE_CACHE_READ_INPUT_TOKENS]: usage.cacheRead,
		[GEN_AI_USAGE_CACHE_CREATION_INPUT_TOKENS]: usage.cacheWrite
	};
}
/** Tool arguments and results as the conventions want them: a string as is, anything else as JSON. */
function jsonText(value) {
	if (typeof value === "string") return value;
	try {
		return JSON.stringify(value) ?? String(value);
	} catch {
		return String(value);
	}
}
// src/telemetry/span-recorder.ts
init_esm$1();
/** `error.type` of spans that ended in failure. */
const ERROR_TYPES = {
	/** The run was interrupted (Ctrl-C, the caller's signal) while the span was open. */
	interrupted: "interrupted",
	/** A tool call was denied by a rule, the person or the approval mode. */
	denied: "denied",
	/** A tool returned an error to the model. */
	tool: "tool_error",
	/** A model request got no response (the call failed while it was open). */
	model: "model_error",
	/** A worker call (or the run) failed. */
	worker: "worker_error"
};
/** A listener for `bus.subscribe(listener, { lossless: true })`; spans of several runs may interleave. */
function createSpanRecorder(tracer, options = {}) {
	const content = options.content === true;
	/** Open calls by run id, then call id, in the order they started. */
	const runs = /* @__PURE__ */ new Map();
	const assemblePrompt = createPromptAssembler();
	const startCall = (event, parent, parentCall) => {
		const { provider, model } = modelAttributes(event.model);
		const span = tracer.startSpan(`${OPERATION_INVOKE_AGENT} ${event.worker}`, {
			kind: SpanKind.INTERNAL,
			startTime: timeOf(event),
			attributes: {
				[GEN_AI_OPERATION_NAME]: OPERATION_INVOKE_AGENT,
				[GEN_AI_AGENT_NAME]: event.worker,
				[GEN_AI_PROVIDER_NAME]: provider,
				[GEN_AI_REQUEST_MODEL]: model,
				[ATTR_LLM_DO_MODEL]: event.model,
				[ATTR_LLM_DO_RUN_ID]: event.run_id,
				[ATTR_LLM_DO_CALL_ID]: event.call_id,
				...event.parent_call_id ? { [ATTR_LLM_DO_PARENT_CALL_ID]: event.parent_call_id } : {},
				[ATTR_LLM_DO_CHAIN]: event.chain
			}
		}, parent ? trace.setSpan(ROOT_CONTEXT, parent) : ROOT_CONTEXT);
		let calls = runs.get(event.run_id);
		if (!calls) runs.set(event.run_id, calls = /* @__PURE__ */ new Map());
		calls.set(event.call_id, {
			span,
			attributes: {
				provider,
				model
			},
			...parentCall ? { parent: parentCall } : {},
			tools: /* @__PURE__ */ new Map(),
			usage: {
				input: 0,
				output: 0,
				cacheRead: 0,
				cacheWrite: 0
			}
		});
	};
	const failure = (span, type, message) => {
		span.setAttribute(ERROR_TYPE, type);
		span.setStatus({
			code: SpanStatusCode.ERROR,
			...content && message ? { message } : {}
		});
	};
	const endAnswered = (call) => {
		if (!call.answered) return;
		call.answered.request.span.end(call.answered.endTime);
		call.answered = void 0;
	};
	/** Ends what is still open in a call that is ending, then the call itself. */
	const endCall = (call, at, outcome) => {
		endAnswered(call);
		const cutOff = !outcome.ok && outcome.type === ERROR_TYPES.interrupted ? ERROR_TYPES.interrupted : void 0;
		if (call.request) {
			failure(call.request.span, cutOff ?? ERROR_TYPES.model, outcome.ok ? void 0 : outcome.message);
			call.request.span.end(at);
			call.request = void 0;
		}
		for (const span of [...call.tools.values()].flat()) {
			failure(span, cutOff ?? ERROR_TYPES.worker, void 0);
			span.end(at);
		}
		call.tools.clear();
		call.span.setAttributes(usageAttributes(call.usage));
		if (!outcome.ok) failure(call.span, outcome.type, outcome.message);
		call.span.end(at);
	};
	const handlers = {
		run_start: (event) => startCall(event, void 0),
		delegation_start: (event) => {
			const parent = event.parent_call_id ? runs.get(event.run_id)?.get(event.parent_call_id) : void 0;
			const parentCall = event.parent_call_id ? {
				callId: event.parent_call_id,
				toolCallId: event.tool_call_id
			} : void 0;
			startCall(event, (parent && openTool(parent, event.tool_call_id)) ?? parent?.span, parentCall);
		},
		delegation_end: (event, call) => {
			if (!call) return;
			if (!event.ok) {
				call.failed = {
					at: timeOf(event),
					...event.error ? { message: event.error } : {}
				};
				return;
			}
			runs.get(event.run_id)?.delete(event.call_id);
			endCall(call, timeOf(event), { ok: true });
		},
		model_request: (event, call) => {
			if (!call) return;
			call.request = {
				span: tracer.startSpan(`${OPERATION_CHAT} ${call.attributes.model}`, {
					kind: SpanKind.CLIENT,
					startTime: timeOf(event),
					attributes: {
						[GEN_AI_OPERATION_NAME]: OPERATION_CHAT,
						[GEN_AI_PROVIDER_NAME]: call.attributes.provider,
						[GEN_AI_REQUEST_MODEL]: call.attributes.model,
						[ATTR_LLM_DO_MODEL]: event.model,
						[ATTR_LLM_DO_CALL_ID]: event.call_id,
						[ATTR_LLM_DO_STEP]: event.step
					}
				}, trace.setSpan(ROOT_CONTEXT, call.span)),
				toolCalls: []
			};
		},
		model_prompt: (event, call) => {
			const prompt = content ? toGenAiPrompt(assemblePrompt(event).messages) : void 0;
			const span = call?.request?.span;
			if (!span) return;
			span.setAttributes(requestSettings(event.settings));
			if (prompt) span.setAttributes({
				[GEN_AI_SYSTEM_INSTRUCTIONS]: JSON.stringify(prompt.systemInstructions),
				[GEN_AI_INPUT_MESSAGES]: JSON.stringify(prompt.inputMessages)
			});
		},
		model_retry: (event, call) => {
			(call?.request?.span ?? call?.span)?.addEvent("llm_do.model_retry", {
				attempt: event.attempt,
				max_retries: event.max_retries,
				delay_ms: event.delay_ms,
				...event.status !== void 0 ? { status: event.status } : {},
				...content ? { message: event.message } : {}
			}, timeOf(event));
		},
		model_step: (event, call) => {
			const request = call?.request;
			if (!call || !request) return;
			call.request = void 0;
			call.usage.input += event.input_tokens;
			call.usage.output += event.output_tokens;
			request.span.setAttributes({
				[GEN_AI_RESPONSE_FINISH_REASONS]: [genAiFinishReason(event.finish_reason)],
				[GEN_AI_USAGE_INPUT_TOKENS]: event.input_tokens,
				[GEN_AI_USAGE_OUTPUT_TOKENS]: event.output_tokens,
				...content ? { [GEN_AI_OUTPUT_MESSAGES]: JSON.stringify(toGenAiOutput(event.text, request.toolCalls, event.finish_reason)) } : {}
			});
			call.answered = {
				request,
				endTime: request.answeredAt ?? timeOf(event)
			};
		},
		usage: (event, call) => {
			if (!call?.answered) return;
			call.usage.cacheRead += event.cache_read_tokens;
			call.usage.cacheWrite += event.cache_write_tokens;
			call.answered.request.span.setAttributes({
				[GEN_AI_USAGE_CACHE_READ_INPUT_TOKENS]: event.cache_read_tokens,
				[GEN_AI_USAGE_CACHE_CREATION_INPUT_TOKENS]: event.cache_write_tokens,
				...event.cost_usd !== null ? { [ATTR_LLM_DO_COST_USD]: event.cost_usd } : {}
			});
			endAnswered(call);
		},
		tool_call: (event, call) => {
			if (!call) return;
			if (call.request) {
				call.request.answeredAt ??= timeOf(event);
				if (content) call.request.toolCalls.push(toolCallPart(event.tool_call_id, event.tool, event.args));
			}
			const span = tracer.startSpan(`${OPERATION_EXECUTE_TOOL} ${event.tool}`, {
				kind: SpanKind.INTERNAL,
				startTime: timeOf(event),
				attributes: {
					[GEN_AI_OPERATION_NAME]: OPERATION_EXECUTE_TOOL,
					[GEN_AI_TOOL_NAME]: event.tool,
					[GEN_AI_TOOL_TYPE]: "function",
					[GEN_AI_TOOL_CALL_ID]: event.tool_call_id,
					[ATTR_LLM_DO_CALL_ID]: event.call_id,
					...content ? { [GEN_AI_TOOL_CALL_ARGUMENTS]: jsonText(event.args) } : {}
				}
			}, trace.setSpan(ROOT_CONTEXT, call.span));
			call.tools.set(event.tool_call_id, [...call.tools.get(event.tool_call_id) ?? [], span]);
		},
		approval_request: (event, call) => {
			(call && openTool(call, event.tool_call_id))?.addEvent("llm_do.approval_request", content ? { args: jsonText(event.args) } : {}, timeOf(event));
		},
		approval_decision: (event, call) => {
			(call && openTool(call, event.tool_call_id))?.addEvent("llm_do.approval_decision", {
				approved: event.approved,
				source: event.source,
				...content && event.reason ? { reason: event.reason } : {}
			}, timeOf(event));
		},
		tool_result: (event, call) => {
			const span = call?.tools.get(event.tool_call_id)?.shift();
			if (!call || !span) return;
			if (call.tools.get(event.tool_call_id)?.length === 0) call.tools.delete(event.tool_call_id);
			const calls = runs.get(event.run_id);
			for (const [callId, other] of calls) if (other.failed && other.parent?.callId === event.call_id && other.parent.toolCallId === event.tool_call_id) {
				calls.delete(callId);
				endCall(other, other.failed.at, {
					ok: false,
					type: event.interrupted ? ERROR_TYPES.interrupted : ERROR_TYPES.worker,
					...other.failed.message ? { message: other.failed.message } : {}
				});
			}
			if (content) span.setAttribute(GEN_AI_TOOL_CALL_RESULT, jsonText(event.ok ? event.result : event.error));
			if (!event.ok) failure(span, event.denied ? ERROR_TYPES.denied : event.interrupted ? ERROR_TYPES.interrupted : ERROR_TYPES.tool, event.error);
			span.end(timeOf(event));
		},
		warning: (event, call) => {
			call?.span.addEvent("llm_do.warning", content ? { message: event.message } : {}, timeOf(event));
		},
		run_end: (event) => {
			const calls = runs.get(event.run_id);
			if (!calls) return;
			runs.delete(event.run_id);
			const at = timeOf(event);
			const type = event.status === "interrupted" ? ERROR_TYPES.interrupted : ERROR_TYPES.worker;
			const root = calls.get(event.call_id);
			for (const call of [...calls.values()].reverse()) {
				if (call === root) continue;
				if (call.failed) endCall(call, call.failed.at, {
					ok: false,
					type,
					...call.failed.message ? { message: call.failed.message } : {}
				});
				else endCall(call, at, event.status === "ok" ? { ok: true } : {
					ok: false,
					type
				});
			}
			if (!root) return;
			root.span.setAttribute(ATTR_LLM_DO_RUN_STATUS, event.status);
			endCall(root, at, event.status === "ok" ? { ok: true } : {
				ok: false,
				type,
				...event.error ? { message: event.error } : {}
			});
		}
	};
	return (event) => {
		const call = runs.get(event.run_id)?.get(event.call_id);
		if (call && event.type !== "usage") endAnswered(call);
		handlers[event.type]?.(event, call);
	};
}
/** Subscribes a span recorder to a run's (or chat session's) bus, losslessly. */
function attachSpanRecorder(bus, tracer, options = {}) {
	bus.subscribe(createSpanRecorder(tracer, options), {
		lossless: true,
		drop: ["text_delta"]
	});
}
/** The first open span of a tool call id (the one its result will end). */
function openTool(call, toolCallId) {
	return call.tools.get(toolCallId)?.[0];
}
function timeOf(event) {
	return new Date(event.ts);
}
// src/telemetry/otlp-export.ts
var import_src = require_src$6();
/** `service.name` unless `OTEL_SERVICE_NAME` says otherwise, and the tracer's name. */
const SERVICE_NAME = "llm-do";
/**
* Starts exporting to `options.url`; attach each run's bus, and call `shutdown()` once at the end.
* @example
* const telemetry = startOtlpTelemetry({ url: 'http://localhost:4318/v1/traces' });
* await runWorker({ project, input, subscribe: telemetry.attach }).result;
* await telemetry.shutdown();
*/
function startOtlpTelemetry(options) {
	const timeoutMs = options.timeoutMs ?? (timeoutFromEnvironment() ? void 0 : 3e3);
	const exporter = reportingFailures(new import_src$1.OTLPTraceExporter({
		url: options.url,
		...timeoutMs !== void 0 ? { timeoutMillis: timeoutMs } : {}
	}), options.url, options.onExportError);
	const resource = (0, import_src$2.defaultResource)().merge((0, import_src$2.resourceFromAttributes)({
		"service.name": SERVICE_NAME,
		...options.serviceVersion ? { "service.version": options.serviceVersion } : {}
	})).merge((0, import_src$2.detectResources)({ detectors: [import_src$2.envDetector] }));
	const provider = new import_index_shim.BasicTracerProvider({
		resource,
		spanProcessors: [new import_index_shim.BatchSpanProcessor(exporter)]
	});
	const tracer = provider.getTracer(SERVICE_NAME, options.serviceVersion);
	const limitMs = (timeoutMs ?? 3e3) + 1e3;
	return {
		attach: (bus) => attachSpanRecorder(bus, tracer, { content: options.content === true }),
		async shutdown() {
			let timer;
			const deadline = new Promise((resolve) => {
				timer = setTimeout(() => resolve("late"), limitMs);
				timer.unref();
			});
			const flushed = provider.shutdown().then(() => "done", (error) => (exporter.report(`could not export spans to ${displayUrl(options.url)}: ${error instanceof Error ? error.message : String(error)}`), "done"));
			const done = await Promise.race([flushed, deadline]);
			clearTimeout(timer);
			if (done === "late") exporter.report(`export to ${displayUrl(options.url)} did not finish within ${limitMs / 1e3} s; spans may be lost`);
		}
	};
}
/** Whether the user set the SDK's export timeout (it then applies as the SDK reads it). */
function timeoutFromEnvironment() {
	return Boolean(process.env.OTEL_EXPORTER_OTLP_TRACES_TIMEOUT || process.env.OTEL_EXPORTER_OTLP_TIMEOUT);
}
/** The exporter, telling `onExportError` about the first failed export. */
function reportingFailures(exporter, url, onExportError) {
	let reported = false;
	const report = (message) => {
		if (reported) return;
		reported = true;
		onExportError?.(message);
	};
	return {
		report,
		export(spans, resultCallback) {
			exporter.export(spans, (result) => {
				if (result.code !== import_src.ExportResultCode.SUCCESS) report(`could not export ${spans.length} span(s) to ${displayUrl(url)}: ${result.error?.message ?? "export failed"}`);
				resultCallback(result);
			});
		},
		shutdown: () => exporter.shutdown(),
		forceFlush: () => exporter.forceFlush?.() ?? Promise.resolve()
	};
}
/** The URL without user name and password, which may be credentials. */
function displayUrl(url) {
	const parsed = new URL(url);
	return `${parsed.origin}${parsed.pathname}`;
}
export { startOtlpTelemetry };
