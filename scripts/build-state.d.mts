export const root: string;
export function sourceFingerprint(): string;
export function isBuildFresh(): boolean;
export function build(): Promise<void>;
export function ensureBuild(): Promise<void>;
