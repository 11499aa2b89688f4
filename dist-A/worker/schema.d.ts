/**
 * The fields of a worker file (SPEC §3) and of the project manifest (§4) and library manifest (§13),
 * as zod schemas. Objects are strict: an unknown key is an error, which the loaders turn into a
 * message naming the nearest valid key.
 */
import { z } from 'zod';
/** How a tool call is gated: run without asking, ask first, or never offer/run. */
export declare const ApprovalRuleSchema: z.ZodEnum<{
    preApproved: "preApproved";
    ask: "ask";
    blocked: "blocked";
}>;
export type ApprovalRule = z.infer<typeof ApprovalRuleSchema>;
export declare const ApprovalModeSchema: z.ZodEnum<{
    interactive: "interactive";
    approve_all: "approve_all";
    auto_deny: "auto_deny";
}>;
export type ApprovalMode = z.infer<typeof ApprovalModeSchema>;
/** Per-toolset approval config: `approval: { default: ask, tools: { write_file: preApproved } }`. */
export declare const ToolsetApprovalSchema: z.ZodObject<{
    default: z.ZodOptional<z.ZodEnum<{
        preApproved: "preApproved";
        ask: "ask";
        blocked: "blocked";
    }>>;
    tools: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodEnum<{
        preApproved: "preApproved";
        ask: "ask";
        blocked: "blocked";
    }>>>;
}, z.core.$strict>;
export type ToolsetApproval = z.infer<typeof ToolsetApprovalSchema>;
export declare const FilesystemToolsetSchema: z.ZodObject<{
    approval: z.ZodOptional<z.ZodObject<{
        default: z.ZodOptional<z.ZodEnum<{
            preApproved: "preApproved";
            ask: "ask";
            blocked: "blocked";
        }>>;
        tools: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodEnum<{
            preApproved: "preApproved";
            ask: "ask";
            blocked: "blocked";
        }>>>;
    }, z.core.$strict>>;
}, z.core.$strict>;
export declare const WorkersToolsetSchema: z.ZodObject<{
    allowed_workers: z.ZodOptional<z.ZodArray<z.ZodString>>;
    approval: z.ZodOptional<z.ZodObject<{
        default: z.ZodOptional<z.ZodEnum<{
            preApproved: "preApproved";
            ask: "ask";
            blocked: "blocked";
        }>>;
        tools: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodEnum<{
            preApproved: "preApproved";
            ask: "ask";
            blocked: "blocked";
        }>>>;
    }, z.core.$strict>>;
}, z.core.$strict>;
export declare const CustomToolsetSchema: z.ZodObject<{
    tools: z.ZodOptional<z.ZodArray<z.ZodString>>;
    approval: z.ZodOptional<z.ZodObject<{
        default: z.ZodOptional<z.ZodEnum<{
            preApproved: "preApproved";
            ask: "ask";
            blocked: "blocked";
        }>>;
        tools: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodEnum<{
            preApproved: "preApproved";
            ask: "ask";
            blocked: "blocked";
        }>>>;
    }, z.core.$strict>>;
}, z.core.$strict>;
export declare const ShellRuleSchema: z.ZodObject<{
    command: z.ZodString;
    args: z.ZodOptional<z.ZodUnion<readonly [z.ZodLiteral<"any">, z.ZodArray<z.ZodString>]>>;
    approval: z.ZodOptional<z.ZodEnum<{
        preApproved: "preApproved";
        ask: "ask";
        blocked: "blocked";
    }>>;
}, z.core.$strict>;
export declare const ShellToolsetSchema: z.ZodObject<{
    rules: z.ZodOptional<z.ZodArray<z.ZodObject<{
        command: z.ZodString;
        args: z.ZodOptional<z.ZodUnion<readonly [z.ZodLiteral<"any">, z.ZodArray<z.ZodString>]>>;
        approval: z.ZodOptional<z.ZodEnum<{
            preApproved: "preApproved";
            ask: "ask";
            blocked: "blocked";
        }>>;
    }, z.core.$strict>>>;
    isolation: z.ZodOptional<z.ZodEnum<{
        auto: "auto";
        bwrap: "bwrap";
        none: "none";
    }>>;
    network: z.ZodOptional<z.ZodBoolean>;
    env: z.ZodOptional<z.ZodArray<z.ZodString>>;
    default: z.ZodOptional<z.ZodEnum<{
        ask: "ask";
        blocked: "blocked";
    }>>;
    cwd: z.ZodOptional<z.ZodString>;
    timeout_ms: z.ZodOptional<z.ZodNumber>;
    max_output_bytes: z.ZodOptional<z.ZodNumber>;
    approval: z.ZodOptional<z.ZodObject<{
        default: z.ZodOptional<z.ZodEnum<{
            preApproved: "preApproved";
            ask: "ask";
            blocked: "blocked";
        }>>;
        tools: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodEnum<{
            preApproved: "preApproved";
            ask: "ask";
            blocked: "blocked";
        }>>>;
    }, z.core.$strict>>;
}, z.core.$strict>;
export declare const ToolsetsSchema: z.ZodObject<{
    filesystem: z.ZodOptional<z.ZodPreprocess<z.ZodUnion<readonly [z.ZodLiteral<false>, z.ZodObject<{
        approval: z.ZodOptional<z.ZodObject<{
            default: z.ZodOptional<z.ZodEnum<{
                preApproved: "preApproved";
                ask: "ask";
                blocked: "blocked";
            }>>;
            tools: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodEnum<{
                preApproved: "preApproved";
                ask: "ask";
                blocked: "blocked";
            }>>>;
        }, z.core.$strict>>;
    }, z.core.$strict>]>, unknown>>;
    workers: z.ZodOptional<z.ZodPreprocess<z.ZodUnion<readonly [z.ZodLiteral<false>, z.ZodObject<{
        allowed_workers: z.ZodOptional<z.ZodArray<z.ZodString>>;
        approval: z.ZodOptional<z.ZodObject<{
            default: z.ZodOptional<z.ZodEnum<{
                preApproved: "preApproved";
                ask: "ask";
                blocked: "blocked";
            }>>;
            tools: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodEnum<{
                preApproved: "preApproved";
                ask: "ask";
                blocked: "blocked";
            }>>>;
        }, z.core.$strict>>;
    }, z.core.$strict>]>, unknown>>;
    custom: z.ZodOptional<z.ZodPreprocess<z.ZodUnion<readonly [z.ZodLiteral<false>, z.ZodObject<{
        tools: z.ZodOptional<z.ZodArray<z.ZodString>>;
        approval: z.ZodOptional<z.ZodObject<{
            default: z.ZodOptional<z.ZodEnum<{
                preApproved: "preApproved";
                ask: "ask";
                blocked: "blocked";
            }>>;
            tools: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodEnum<{
                preApproved: "preApproved";
                ask: "ask";
                blocked: "blocked";
            }>>>;
        }, z.core.$strict>>;
    }, z.core.$strict>]>, unknown>>;
    shell: z.ZodOptional<z.ZodPreprocess<z.ZodUnion<readonly [z.ZodLiteral<false>, z.ZodObject<{
        rules: z.ZodOptional<z.ZodArray<z.ZodObject<{
            command: z.ZodString;
            args: z.ZodOptional<z.ZodUnion<readonly [z.ZodLiteral<"any">, z.ZodArray<z.ZodString>]>>;
            approval: z.ZodOptional<z.ZodEnum<{
                preApproved: "preApproved";
                ask: "ask";
                blocked: "blocked";
            }>>;
        }, z.core.$strict>>>;
        isolation: z.ZodOptional<z.ZodEnum<{
            auto: "auto";
            bwrap: "bwrap";
            none: "none";
        }>>;
        network: z.ZodOptional<z.ZodBoolean>;
        env: z.ZodOptional<z.ZodArray<z.ZodString>>;
        default: z.ZodOptional<z.ZodEnum<{
            ask: "ask";
            blocked: "blocked";
        }>>;
        cwd: z.ZodOptional<z.ZodString>;
        timeout_ms: z.ZodOptional<z.ZodNumber>;
        max_output_bytes: z.ZodOptional<z.ZodNumber>;
        approval: z.ZodOptional<z.ZodObject<{
            default: z.ZodOptional<z.ZodEnum<{
                preApproved: "preApproved";
                ask: "ask";
                blocked: "blocked";
            }>>;
            tools: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodEnum<{
                preApproved: "preApproved";
                ask: "ask";
                blocked: "blocked";
            }>>>;
        }, z.core.$strict>>;
    }, z.core.$strict>]>, unknown>>;
}, z.core.$strict>;
export type ToolsetsConfig = z.infer<typeof ToolsetsSchema>;
export type FilesystemToolsetConfig = z.infer<typeof FilesystemToolsetSchema>;
export type WorkersToolsetConfig = z.infer<typeof WorkersToolsetSchema>;
export type CustomToolsetConfig = z.infer<typeof CustomToolsetSchema>;
export type ShellToolsetConfig = z.infer<typeof ShellToolsetSchema>;
export declare const MountModeSchema: z.ZodEnum<{
    ro: "ro";
    rw: "rw";
}>;
/** One named mount: `sandbox.paths.NAME`, visible to the model at `/NAME`. */
export declare const MountSchema: z.ZodObject<{
    root: z.ZodString;
    mode: z.ZodOptional<z.ZodEnum<{
        ro: "ro";
        rw: "rw";
    }>>;
    suffixes: z.ZodOptional<z.ZodArray<z.ZodString>>;
    max_file_bytes: z.ZodOptional<z.ZodNumber>;
}, z.core.$strict>;
export type MountConfig = z.infer<typeof MountSchema>;
export declare const MOUNT_NAME_PATTERN: RegExp;
export declare const SandboxConfigSchema: z.ZodObject<{
    root: z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodObject<{
        root: z.ZodString;
        mode: z.ZodOptional<z.ZodEnum<{
            ro: "ro";
            rw: "rw";
        }>>;
        suffixes: z.ZodOptional<z.ZodArray<z.ZodString>>;
        max_file_bytes: z.ZodOptional<z.ZodNumber>;
    }, z.core.$strict>]>>;
    paths: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodObject<{
        root: z.ZodString;
        mode: z.ZodOptional<z.ZodEnum<{
            ro: "ro";
            rw: "rw";
        }>>;
        suffixes: z.ZodOptional<z.ZodArray<z.ZodString>>;
        max_file_bytes: z.ZodOptional<z.ZodNumber>;
    }, z.core.$strict>>>;
    restrict: z.ZodOptional<z.ZodString>;
    readonly: z.ZodOptional<z.ZodBoolean>;
}, z.core.$strict>;
export type SandboxConfig = z.infer<typeof SandboxConfigSchema>;
/** `schemas/pitch.json`, `schemas.ts:PitchInput`, or an inline JSON Schema object. */
export declare const SchemaRefSchema: z.ZodUnion<readonly [z.ZodString, z.ZodRecord<z.ZodString, z.ZodUnknown>]>;
export type SchemaRef = z.infer<typeof SchemaRefSchema>;
export declare const AttachmentPolicySchema: z.ZodObject<{
    max_attachments: z.ZodOptional<z.ZodNumber>;
    max_total_bytes: z.ZodOptional<z.ZodNumber>;
    allowed_suffixes: z.ZodOptional<z.ZodArray<z.ZodString>>;
    denied_suffixes: z.ZodOptional<z.ZodArray<z.ZodString>>;
}, z.core.$strict>;
export type AttachmentPolicy = z.infer<typeof AttachmentPolicySchema>;
export declare const ImportsSchema: z.ZodObject<{
    workers: z.ZodOptional<z.ZodArray<z.ZodString>>;
    tools: z.ZodOptional<z.ZodArray<z.ZodString>>;
}, z.core.$strict>;
/** Every field a worker file may set (SPEC §3). */
export declare const WorkerConfigSchema: z.ZodObject<{
    name: z.ZodString;
    description: z.ZodOptional<z.ZodString>;
    model: z.ZodOptional<z.ZodString>;
    compatible_models: z.ZodOptional<z.ZodArray<z.ZodString>>;
    mode: z.ZodOptional<z.ZodEnum<{
        single: "single";
        chat: "chat";
    }>>;
    toolsets: z.ZodOptional<z.ZodObject<{
        filesystem: z.ZodOptional<z.ZodPreprocess<z.ZodUnion<readonly [z.ZodLiteral<false>, z.ZodObject<{
            approval: z.ZodOptional<z.ZodObject<{
                default: z.ZodOptional<z.ZodEnum<{
                    preApproved: "preApproved";
                    ask: "ask";
                    blocked: "blocked";
                }>>;
                tools: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodEnum<{
                    preApproved: "preApproved";
                    ask: "ask";
                    blocked: "blocked";
                }>>>;
            }, z.core.$strict>>;
        }, z.core.$strict>]>, unknown>>;
        workers: z.ZodOptional<z.ZodPreprocess<z.ZodUnion<readonly [z.ZodLiteral<false>, z.ZodObject<{
            allowed_workers: z.ZodOptional<z.ZodArray<z.ZodString>>;
            approval: z.ZodOptional<z.ZodObject<{
                default: z.ZodOptional<z.ZodEnum<{
                    preApproved: "preApproved";
                    ask: "ask";
                    blocked: "blocked";
                }>>;
                tools: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodEnum<{
                    preApproved: "preApproved";
                    ask: "ask";
                    blocked: "blocked";
                }>>>;
            }, z.core.$strict>>;
        }, z.core.$strict>]>, unknown>>;
        custom: z.ZodOptional<z.ZodPreprocess<z.ZodUnion<readonly [z.ZodLiteral<false>, z.ZodObject<{
            tools: z.ZodOptional<z.ZodArray<z.ZodString>>;
            approval: z.ZodOptional<z.ZodObject<{
                default: z.ZodOptional<z.ZodEnum<{
                    preApproved: "preApproved";
                    ask: "ask";
                    blocked: "blocked";
                }>>;
                tools: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodEnum<{
                    preApproved: "preApproved";
                    ask: "ask";
                    blocked: "blocked";
                }>>>;
            }, z.core.$strict>>;
        }, z.core.$strict>]>, unknown>>;
        shell: z.ZodOptional<z.ZodPreprocess<z.ZodUnion<readonly [z.ZodLiteral<false>, z.ZodObject<{
            rules: z.ZodOptional<z.ZodArray<z.ZodObject<{
                command: z.ZodString;
                args: z.ZodOptional<z.ZodUnion<readonly [z.ZodLiteral<"any">, z.ZodArray<z.ZodString>]>>;
                approval: z.ZodOptional<z.ZodEnum<{
                    preApproved: "preApproved";
                    ask: "ask";
                    blocked: "blocked";
                }>>;
            }, z.core.$strict>>>;
            isolation: z.ZodOptional<z.ZodEnum<{
                auto: "auto";
                bwrap: "bwrap";
                none: "none";
            }>>;
            network: z.ZodOptional<z.ZodBoolean>;
            env: z.ZodOptional<z.ZodArray<z.ZodString>>;
            default: z.ZodOptional<z.ZodEnum<{
                ask: "ask";
                blocked: "blocked";
            }>>;
            cwd: z.ZodOptional<z.ZodString>;
            timeout_ms: z.ZodOptional<z.ZodNumber>;
            max_output_bytes: z.ZodOptional<z.ZodNumber>;
            approval: z.ZodOptional<z.ZodObject<{
                default: z.ZodOptional<z.ZodEnum<{
                    preApproved: "preApproved";
                    ask: "ask";
                    blocked: "blocked";
                }>>;
                tools: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodEnum<{
                    preApproved: "preApproved";
                    ask: "ask";
                    blocked: "blocked";
                }>>>;
            }, z.core.$strict>>;
        }, z.core.$strict>]>, unknown>>;
    }, z.core.$strict>>;
    sandbox: z.ZodOptional<z.ZodObject<{
        root: z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodObject<{
            root: z.ZodString;
            mode: z.ZodOptional<z.ZodEnum<{
                ro: "ro";
                rw: "rw";
            }>>;
            suffixes: z.ZodOptional<z.ZodArray<z.ZodString>>;
            max_file_bytes: z.ZodOptional<z.ZodNumber>;
        }, z.core.$strict>]>>;
        paths: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodObject<{
            root: z.ZodString;
            mode: z.ZodOptional<z.ZodEnum<{
                ro: "ro";
                rw: "rw";
            }>>;
            suffixes: z.ZodOptional<z.ZodArray<z.ZodString>>;
            max_file_bytes: z.ZodOptional<z.ZodNumber>;
        }, z.core.$strict>>>;
        restrict: z.ZodOptional<z.ZodString>;
        readonly: z.ZodOptional<z.ZodBoolean>;
    }, z.core.$strict>>;
    schema_in: z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodRecord<z.ZodString, z.ZodUnknown>]>>;
    schema_out: z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodRecord<z.ZodString, z.ZodUnknown>]>>;
    attachment_policy: z.ZodOptional<z.ZodObject<{
        max_attachments: z.ZodOptional<z.ZodNumber>;
        max_total_bytes: z.ZodOptional<z.ZodNumber>;
        allowed_suffixes: z.ZodOptional<z.ZodArray<z.ZodString>>;
        denied_suffixes: z.ZodOptional<z.ZodArray<z.ZodString>>;
    }, z.core.$strict>>;
    imports: z.ZodOptional<z.ZodObject<{
        workers: z.ZodOptional<z.ZodArray<z.ZodString>>;
        tools: z.ZodOptional<z.ZodArray<z.ZodString>>;
    }, z.core.$strict>>;
    max_steps: z.ZodOptional<z.ZodNumber>;
    max_context_tokens: z.ZodOptional<z.ZodNumber>;
    locked: z.ZodOptional<z.ZodBoolean>;
    instructions: z.ZodOptional<z.ZodString>;
}, z.core.$strict>;
export type WorkerConfig = z.infer<typeof WorkerConfigSchema>;
export declare const WORKER_FIELDS: (keyof WorkerConfig)[];
export declare const ProviderConfigSchema: z.ZodObject<{
    base_url: z.ZodURL;
    api_key_env: z.ZodOptional<z.ZodString>;
}, z.core.$strict>;
/**
 * The price of one model, USD per million tokens. A cache price left out costs as much as `input`
 * (what OpenAI and Google charge for cache writes; a guess for a provider with no cache prices).
 */
export declare const ModelPriceSchema: z.ZodObject<{
    input: z.ZodNumber;
    output: z.ZodNumber;
    cache_read: z.ZodOptional<z.ZodNumber>;
    cache_write: z.ZodOptional<z.ZodNumber>;
}, z.core.$strict>;
export type ModelPrice = z.infer<typeof ModelPriceSchema>;
/** `provider:model`, or `provider:*` for every model of a provider. */
export declare const PricedModelSchema: z.ZodString;
/** `prices:`: model prices that override or extend the bundled price table (SPEC §16). */
export declare const PricesSchema: z.ZodRecord<z.ZodString, z.ZodObject<{
    input: z.ZodNumber;
    output: z.ZodNumber;
    cache_read: z.ZodOptional<z.ZodNumber>;
    cache_write: z.ZodOptional<z.ZodNumber>;
}, z.core.$strict>>;
export type Prices = z.infer<typeof PricesSchema>;
/** `utils` or `legal@2.0`. */
export declare const DependencySpecSchema: z.ZodString;
/** `project.yaml` / `llm-do.yaml` (SPEC §4). */
export declare const ManifestSchema: z.ZodObject<{
    name: z.ZodOptional<z.ZodString>;
    version: z.ZodOptional<z.ZodString>;
    description: z.ZodOptional<z.ZodString>;
    entry: z.ZodOptional<z.ZodString>;
    model: z.ZodOptional<z.ZodString>;
    dependencies: z.ZodOptional<z.ZodArray<z.ZodString>>;
    providers: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodObject<{
        base_url: z.ZodURL;
        api_key_env: z.ZodOptional<z.ZodString>;
    }, z.core.$strict>>>;
    sandbox: z.ZodOptional<z.ZodObject<{
        root: z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodObject<{
            root: z.ZodString;
            mode: z.ZodOptional<z.ZodEnum<{
                ro: "ro";
                rw: "rw";
            }>>;
            suffixes: z.ZodOptional<z.ZodArray<z.ZodString>>;
            max_file_bytes: z.ZodOptional<z.ZodNumber>;
        }, z.core.$strict>]>>;
        paths: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodObject<{
            root: z.ZodString;
            mode: z.ZodOptional<z.ZodEnum<{
                ro: "ro";
                rw: "rw";
            }>>;
            suffixes: z.ZodOptional<z.ZodArray<z.ZodString>>;
            max_file_bytes: z.ZodOptional<z.ZodNumber>;
        }, z.core.$strict>>>;
        restrict: z.ZodOptional<z.ZodString>;
        readonly: z.ZodOptional<z.ZodBoolean>;
    }, z.core.$strict>>;
    toolsets: z.ZodOptional<z.ZodObject<{
        filesystem: z.ZodOptional<z.ZodPreprocess<z.ZodUnion<readonly [z.ZodLiteral<false>, z.ZodObject<{
            approval: z.ZodOptional<z.ZodObject<{
                default: z.ZodOptional<z.ZodEnum<{
                    preApproved: "preApproved";
                    ask: "ask";
                    blocked: "blocked";
                }>>;
                tools: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodEnum<{
                    preApproved: "preApproved";
                    ask: "ask";
                    blocked: "blocked";
                }>>>;
            }, z.core.$strict>>;
        }, z.core.$strict>]>, unknown>>;
        workers: z.ZodOptional<z.ZodPreprocess<z.ZodUnion<readonly [z.ZodLiteral<false>, z.ZodObject<{
            allowed_workers: z.ZodOptional<z.ZodArray<z.ZodString>>;
            approval: z.ZodOptional<z.ZodObject<{
                default: z.ZodOptional<z.ZodEnum<{
                    preApproved: "preApproved";
                    ask: "ask";
                    blocked: "blocked";
                }>>;
                tools: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodEnum<{
                    preApproved: "preApproved";
                    ask: "ask";
                    blocked: "blocked";
                }>>>;
            }, z.core.$strict>>;
        }, z.core.$strict>]>, unknown>>;
        custom: z.ZodOptional<z.ZodPreprocess<z.ZodUnion<readonly [z.ZodLiteral<false>, z.ZodObject<{
            tools: z.ZodOptional<z.ZodArray<z.ZodString>>;
            approval: z.ZodOptional<z.ZodObject<{
                default: z.ZodOptional<z.ZodEnum<{
                    preApproved: "preApproved";
                    ask: "ask";
                    blocked: "blocked";
                }>>;
                tools: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodEnum<{
                    preApproved: "preApproved";
                    ask: "ask";
                    blocked: "blocked";
                }>>>;
            }, z.core.$strict>>;
        }, z.core.$strict>]>, unknown>>;
        shell: z.ZodOptional<z.ZodPreprocess<z.ZodUnion<readonly [z.ZodLiteral<false>, z.ZodObject<{
            rules: z.ZodOptional<z.ZodArray<z.ZodObject<{
                command: z.ZodString;
                args: z.ZodOptional<z.ZodUnion<readonly [z.ZodLiteral<"any">, z.ZodArray<z.ZodString>]>>;
                approval: z.ZodOptional<z.ZodEnum<{
                    preApproved: "preApproved";
                    ask: "ask";
                    blocked: "blocked";
                }>>;
            }, z.core.$strict>>>;
            isolation: z.ZodOptional<z.ZodEnum<{
                auto: "auto";
                bwrap: "bwrap";
                none: "none";
            }>>;
            network: z.ZodOptional<z.ZodBoolean>;
            env: z.ZodOptional<z.ZodArray<z.ZodString>>;
            default: z.ZodOptional<z.ZodEnum<{
                ask: "ask";
                blocked: "blocked";
            }>>;
            cwd: z.ZodOptional<z.ZodString>;
            timeout_ms: z.ZodOptional<z.ZodNumber>;
            max_output_bytes: z.ZodOptional<z.ZodNumber>;
            approval: z.ZodOptional<z.ZodObject<{
                default: z.ZodOptional<z.ZodEnum<{
                    preApproved: "preApproved";
                    ask: "ask";
                    blocked: "blocked";
                }>>;
                tools: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodEnum<{
                    preApproved: "preApproved";
                    ask: "ask";
                    blocked: "blocked";
                }>>>;
            }, z.core.$strict>>;
        }, z.core.$strict>]>, unknown>>;
    }, z.core.$strict>>;
    approval: z.ZodOptional<z.ZodObject<{
        mode: z.ZodOptional<z.ZodEnum<{
            interactive: "interactive";
            approve_all: "approve_all";
            auto_deny: "auto_deny";
        }>>;
    }, z.core.$strict>>;
    delegation: z.ZodOptional<z.ZodObject<{
        max_depth: z.ZodOptional<z.ZodNumber>;
    }, z.core.$strict>>;
    workers: z.ZodOptional<z.ZodObject<{
        root: z.ZodOptional<z.ZodString>;
        include: z.ZodOptional<z.ZodArray<z.ZodString>>;
        exclude: z.ZodOptional<z.ZodArray<z.ZodString>>;
    }, z.core.$strict>>;
    templates: z.ZodOptional<z.ZodObject<{
        roots: z.ZodOptional<z.ZodArray<z.ZodString>>;
    }, z.core.$strict>>;
    tools: z.ZodOptional<z.ZodObject<{
        modules: z.ZodOptional<z.ZodArray<z.ZodString>>;
        allow_module_imports: z.ZodOptional<z.ZodBoolean>;
    }, z.core.$strict>>;
    exports: z.ZodOptional<z.ZodArray<z.ZodString>>;
    max_steps: z.ZodOptional<z.ZodNumber>;
    attachment_policy: z.ZodOptional<z.ZodObject<{
        max_attachments: z.ZodOptional<z.ZodNumber>;
        max_total_bytes: z.ZodOptional<z.ZodNumber>;
        allowed_suffixes: z.ZodOptional<z.ZodArray<z.ZodString>>;
        denied_suffixes: z.ZodOptional<z.ZodArray<z.ZodString>>;
    }, z.core.$strict>>;
    prices: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodObject<{
        input: z.ZodNumber;
        output: z.ZodNumber;
        cache_read: z.ZodOptional<z.ZodNumber>;
        cache_write: z.ZodOptional<z.ZodNumber>;
    }, z.core.$strict>>>;
    log: z.ZodOptional<z.ZodBoolean>;
}, z.core.$strict>;
export type Manifest = z.infer<typeof ManifestSchema>;
/** `lib.yaml` (SPEC §13). */
export declare const LibraryManifestSchema: z.ZodObject<{
    name: z.ZodString;
    version: z.ZodString;
    description: z.ZodOptional<z.ZodString>;
    exports: z.ZodOptional<z.ZodArray<z.ZodString>>;
    dependencies: z.ZodOptional<z.ZodArray<z.ZodString>>;
}, z.core.$strict>;
export type LibraryManifest = z.infer<typeof LibraryManifestSchema>;
