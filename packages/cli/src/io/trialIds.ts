/** Text trial ids (`task.1-of-5`) become numbers above every numeric trial, one per distinct text. */
const TEXT_BASE = 2 ** 50;

/** Interns text trial ids so that (task, trial) pairs can be checked like numeric ones, and named back. */
export class TrialIds {
  private readonly ids = new Map<string, number>();
  private readonly texts: string[] = [];

  /** The number standing for a text id. */
  of(text: string): number {
    let id = this.ids.get(text);
    if (id === undefined) {
      id = TEXT_BASE + this.texts.length;
      this.ids.set(text, id);
      this.texts.push(text);
    }
    return id;
  }

  /** The trial as written: the number, or the text it stands for. */
  name(trial: number): string {
    return trial >= TEXT_BASE ? JSON.stringify(this.texts[trial - TEXT_BASE]) : String(trial);
  }
}
