// Tests read many JSON bodies whose shape the assertions check; let `.json()` be `any` there.
interface Body {
  json(): Promise<any>
}
interface Response {
  json(): Promise<any>
}
