// Placeholder until its issue lands.
export default function Screen() {
  return <h1>posts/list</h1>;
}
