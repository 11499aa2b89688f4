export function createPromptPrefix() {
    let converted = [];
    let convertedCount = 0;
    let lastRequest = [];
    return {
        unsent: (messages) => messages.slice(convertedCount),
        middleware: {
            specificationVersion: 'v3',
            transformParams: async ({ params }) => {
                const system = leadingSystem(params.prompt);
                const added = params.prompt.slice(system.length);
                lastRequest = [...converted, ...added];
                return { ...params, prompt: [...system, ...lastRequest] };
            },
        },
        commit(count) {
            converted = lastRequest;
            convertedCount = count;
        },
    };
}
/** The system messages the SDK puts first (from the `system` setting). */
function leadingSystem(prompt) {
    let end = 0;
    while (end < prompt.length && prompt[end]?.role === 'system')
        end++;
    return prompt.slice(0, end);
}
