import { i as __require, t as __commonJSMin } from "./rolldown-runtime-C1I3wEg2.js";
// node_modules/@opentelemetry/resources/build/src/detectors/platform/node/machine-id/execAsync.js
var require_execAsync = /* @__PURE__ */ __commonJSMin(((exports) => {
	Object.defineProperty(exports, "__esModule", { value: true });
	exports.execAsync = void 0;
	const child_process = __require("child_process");
	exports.execAsync = __require("util").promisify(child_process.exec);
}));
export { require_execAsync as t };
