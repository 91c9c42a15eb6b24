/** Why Storey refuses to start: every problem found in its configuration, at once. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Storey cannot start, the configuration is invalid:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}
