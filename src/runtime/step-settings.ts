/**
 * A worker's `model_settings` on its model steps (docs/models.md): the call settings and provider options
 * of each request, and a `warning` event for each setting the model cannot honour, once per run per
 * setting and model.
 */
import type { SharedV4Warning } from '@ai-sdk/provider';
import { modelCallSettings, settingWarningsOf, type ModelCallSettings, type SettingWarning } from '../models/call-settings.ts';
import type { CallEventBody } from './events.ts';
import type { PreparedWorker, RunContext } from './run-context.ts';

/** What a request carries besides the prompt: sampling, length, stop, provider options. */
export type StepCallSettings = Omit<ModelCallSettings, 'warnings' | 'promptCache'>;

export interface StepSettings {
  /** Spread into each request's call options. */
  call: StepCallSettings;
  /** Whether Anthropic prompt-cache breakpoints are set. */
  promptCache: boolean;
  /** Reports, once per run, the settings the model cannot honour: known ones before the first request, the SDK's after each response. */
  warn(responseWarnings?: readonly SharedV4Warning[]): void;
}

/** The step settings of `worker`; its own `providerOptions.llm-do.worker` names it to the offline test model. */
export function stepSettings(ctx: RunContext, worker: PreparedWorker, emit: (body: CallEventBody) => void): StepSettings {
  const settings = worker.definition.config.model_settings;
  const { providerOptions, warnings, promptCache, ...sampling } = modelCallSettings(settings, worker.model.provider, worker.modelId);
  let known: SettingWarning[] | undefined = warnings;
  const report = (found: readonly SettingWarning[]) => {
    for (const { setting, message } of found) {
      const key = `${worker.modelId}\u0000${setting}`;
      if (ctx.state.warnedSettings.has(key)) continue;
      ctx.state.warnedSettings.add(key);
      emit({ type: 'warning', message });
    }
  };
  return {
    call: { ...sampling, providerOptions: { ...providerOptions, 'llm-do': { worker: worker.definition.id } } },
    promptCache,
    warn(responseWarnings) {
      if (known) report(known);
      known = undefined;
      if (responseWarnings) report(settingWarningsOf(responseWarnings, settings, worker.modelId));
    },
  };
}
