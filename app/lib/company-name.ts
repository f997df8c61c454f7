// The name the public side goes by: the company's (Settings → Company), never
// the product's. Without one, the public site's own title stands in.
export const DEFAULT_COMPANY_NAME = "Project Library";

export function companyName(name: string | null | undefined): string {
  return name?.trim() || DEFAULT_COMPANY_NAME;
}
