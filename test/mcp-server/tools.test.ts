/** Which workers `mcp serve` offers and how each is described (src/mcp-server/tools.ts). */
import { describe, expect, it } from 'vitest';
import { describeServedTools, servedWorkerIds } from '../../src/mcp-server/tools.ts';
import { open, rejection, worker, writeTree } from '../project/fixture.ts';

const PLAN = { modelOverride: 'test', env: {} };

async function projectWith(manifest: string, files: Record<string, string> = {}) {
  return open(
    writeTree({
      'project.yaml': `name: served\n${manifest}`,
      'main.worker': worker('main'),
      'workers/a.worker': worker('a'),
      'workers/b.worker': worker('b'),
      ...files,
    }),
  );
}

describe('servedWorkerIds', () => {
  it('serves every worker, the entry first, when the manifest has no exports (as a library would export)', async () => {
    expect(await servedWorkerIds(await projectWith(''))).toEqual(['main', 'a', 'b']);
  });

  it('serves the entry and the exports when the manifest lists them, and the entry alone for exports: []', async () => {
    expect(await servedWorkerIds(await projectWith('exports: [b]\n'))).toEqual(['main', 'b']);
    expect(await servedWorkerIds(await projectWith('exports: []\n'))).toEqual(['main']);
    expect(await servedWorkerIds(await projectWith('entry: a\nexports: [a, b]\n'))).toEqual(['a', 'b']);
  });
});

describe('describeServedTools', () => {
  it('names tools as delegation does, describes them, and uses schema_in / schema_out (objects only) or the default input', async () => {
    const project = await projectWith('exports: [reports/weekly, listing]\n', {
      'workers/reports/weekly.worker': worker(
        'reports/weekly',
        'description: Weekly report.\nschema_in:\n  type: object\n  properties: { week: { type: integer } }\n  required: [week]\nschema_out:\n  type: object\n  properties: { summary: { type: string } }',
      ),
      'workers/listing.worker': worker('listing', 'schema_out:\n  type: array\n  items: { type: string }'),
    });
    const tools = await describeServedTools(project, PLAN);
    expect(tools.map((tool) => tool.name)).toEqual(['main', 'reports__weekly', 'listing']);
    const [main, weekly, listing] = tools;
    expect(main!.description).toBe('Run the llm-do worker main.');
    expect(main!.structuredInput).toBe(false);
    expect(main!.input.jsonSchema).toMatchObject({ required: ['input'], additionalProperties: false });
    expect(weekly!.description).toBe('Weekly report.');
    expect(weekly!.structuredInput).toBe(true);
    expect(weekly!.input.jsonSchema).toMatchObject({ required: ['week'] });
    expect(weekly!.outputSchema).toMatchObject({ properties: { summary: { type: 'string' } } });
    // MCP's structuredContent is an object: an array answer is sent as text only.
    expect(listing!.outputSchema).toBeUndefined();
  });

  it('refuses two workers that would be one tool name, naming both', async () => {
    const project = await projectWith('exports: [x/y, x__y]\n', { 'workers/x/y.worker': worker('x/y'), 'workers/x__y.worker': worker('x__y') });
    const error = await rejection(describeServedTools(project, PLAN));
    expect(error.code).toBe('duplicate-tool-name');
    expect(error.message).toContain('workers x/y and x__y would both be the MCP tool x__y');
  });

  it('plans each served worker as a run would: no model anywhere is an error naming the worker', async () => {
    const error = await rejection(describeServedTools(await projectWith('exports: []\n'), { env: {} }));
    expect(error.code).toBe('no-model');
    expect(error.message).toContain('main');
  });
});
