import { describe, expect, it, vi } from 'vitest';
import { failStartup, startupFailure } from './startup-error.ts';

describe('startup failure', () => {
  it("shows the error's own message, without a stack", () => {
    const error = new Error(
      'The embedded database in /x is already in use by another Ashnote server',
    );
    const failure = startupFailure(error);
    expect(failure.title).toBe('Ashnote could not start');
    expect(failure.content).toBe(error.message);
    expect(failure.content).not.toContain('    at ');
    expect(startupFailure('plain string').content).toBe('plain string');
  });

  it('shows the dialog, then exits with a failure status', () => {
    const order: string[] = [];
    const deps = {
      showErrorBox: vi.fn(() => order.push('dialog')),
      exit: vi.fn(() => order.push('exit')),
    };
    failStartup(deps, new Error('boom'));
    expect(deps.showErrorBox).toHaveBeenCalledWith('Ashnote could not start', 'boom');
    expect(deps.exit).toHaveBeenCalledWith(1);
    expect(order).toEqual(['dialog', 'exit']);
  });
});
