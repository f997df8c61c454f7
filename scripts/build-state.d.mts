export const root: string;
export function sourceFingerprint(): string;
export function isBuildFresh(): boolean;
export function build(): void;
export function ensureBuild(): void;
