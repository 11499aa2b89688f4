/** The config of a toolset when the worker enables it (`false` or absent = disabled). */
export function enabledToolset(toolsets, name) {
    const config = toolsets?.[name];
    if (config === undefined || config === false)
        return undefined;
    return config;
}
