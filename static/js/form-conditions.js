// A game's form description evaluated in the browser: which fields apply to the values
// and what the facts force. The same rules as ulti_ledger/handform/conditions.py (JSON
// Forms' UI schema rules: {effect: SHOW | HIDE, condition}; a condition is a leaf
// {scope, schema: {const, enum, not, pattern, minItems, maxItems}} or {type: AND | OR, conditions}); both run
// the cases of tests/data/form_conditions.json. Values are strings, "" for nothing chosen.
(function (root) {
  "use strict";

  function matches(schema, value) {
    if ("minItems" in schema || "maxItems" in schema) {
      const size = Array.isArray(value) ? value.length : -1;
      const most = "maxItems" in schema ? schema.maxItems : size;
      if (size < (schema.minItems || 0) || size > most) return false;
    }
    if ("const" in schema && value !== schema.const) return false;
    if ("enum" in schema && !schema.enum.includes(value)) return false;
    if ("pattern" in schema && !new RegExp(schema.pattern).test(value)) return false;
    return !("not" in schema && matches(schema.not, value));
  }

  function holds(condition, values) {
    if (condition.type === "AND") return condition.conditions.every((c) => holds(c, values));
    if (condition.type === "OR") return condition.conditions.some((c) => holds(c, values));
    const value = values[condition.scope];
    return matches(condition.schema, value === undefined || value === null ? "" : value);
  }

  function shows(item, values) {
    if (!item.rule) return true;
    return holds(item.rule.condition, values) === (item.rule.effect === "SHOW");
  }

  // A field that does not apply says nothing to the others' rules (its chip may still be
  // checked behind it): read as nothing chosen, until nothing changes (conditions.applies).
  function applies(form, values) {
    const names = new Set(form.fields.map((f) => f.name));
    const on = (seen) => form.fields.filter((f) => shows(f, seen)).map((f) => f.name);
    const keep = (shown) => {
      const out = {};
      for (const [k, v] of Object.entries(values)) if (!names.has(k) || shown.includes(k)) out[k] = v;
      return out;
    };
    let seen = values;
    let shown = on(seen);
    for (let i = 0; i < form.fields.length; i++) {
      const kept = keep(shown);
      if (JSON.stringify(kept) === JSON.stringify(seen)) break;
      seen = kept;
      shown = on(seen);
    }
    return shown;
  }

  function options(field, values) {
    return (field.options || []).filter((o) => shows(o, values)).map((o) => o.value);
  }

  // What a force sets: its string, or item `index` of the list value `scope` (null if none).
  function forcedValue(value, values) {
    if (typeof value === "string") return value;
    const items = values[value.scope];
    if (!Array.isArray(items)) return null;
    const index = value.index < 0 ? items.length + value.index : value.index;
    return index >= 0 && index < items.length ? String(items[index]) : null;
  }

  // [values with what the facts force set, {field: note}]; only where the field applies.
  function forced(form, values) {
    const out = Object.assign({}, values);
    const notes = {};
    for (const force of form.forces || []) {
      if (!holds(force.when, out)) continue;
      const shown = applies(form, out);
      for (const [name, raw] of Object.entries(force.set)) {
        const value = forcedValue(raw, out);
        if (!shown.includes(name) || value === null) continue;
        out[name] = value;
        notes[name] = force.note;
      }
    }
    return [out, notes];
  }

  // The page's description (handform.generic.script_form) names each condition's schema
  // by its index in `schemas`, sent once: put them back (in place; returns the form).
  function unpack(form) {
    const leaf = (condition) => {
      if (condition.conditions) condition.conditions.forEach(leaf);
      else if (typeof condition.schema === "number") condition.schema = form.schemas[condition.schema];
    };
    for (const field of form.fields) {
      for (const item of [field, ...(field.options || [])]) if (item.rule) leaf(item.rule.condition);
    }
    return form;
  }

  root.FormConditions = { holds, shows, applies, options, forced, unpack };
})(window);
