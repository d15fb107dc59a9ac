// Placeholder until the accounts issue lands.
export default function Profile() {
  return <h1>profile</h1>;
}
