// Non-JS modules bundled by the wrangler rules in wrangler.toml.
declare module "*.bin" {
  const data: ArrayBuffer;
  export default data;
}
declare module "*.txt" {
  const text: string;
  export default text;
}
