//! The model: types, fields, JSON names, Go shapes, and the tags attached to
//! each (serde_derive's `ast` + garde's `model` role).

use proc_macro2::Span;

use super::ast::{DocLine, EnumInput, Input, InputField, InputKind};
use super::behaviour::{self, Behaviour};
use super::diag::Diagnostics;
use super::enums::EnumValues;
use super::rules::Rule;
use super::tags::{self, Release, Tag, TagName};

/// Integer kinds, for payload range checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum IntKind {
    /// `i8`
    I8,
    /// `i16`
    I16,
    /// `i32`
    I32,
    /// `i64`
    I64,
    /// `isize`
    Isize,
    /// `u8`
    U8,
    /// `u16`
    U16,
    /// `u32`
    U32,
    /// `u64`
    U64,
    /// `usize`
    Usize,
}

impl IntKind {
    fn from_ident(s: &str) -> Option<IntKind> {
        Some(match s {
            "i8" => IntKind::I8,
            "i16" => IntKind::I16,
            "i32" => IntKind::I32,
            "i64" => IntKind::I64,
            "isize" => IntKind::Isize,
            "u8" => IntKind::U8,
            "u16" => IntKind::U16,
            "u32" => IntKind::U32,
            "u64" => IntKind::U64,
            "usize" => IntKind::Usize,
            _ => return None,
        })
    }

    /// The inclusive range of the type.
    pub fn range(self) -> (i128, i128) {
        match self {
            IntKind::I8 => (i8::MIN as i128, i8::MAX as i128),
            IntKind::I16 => (i16::MIN as i128, i16::MAX as i128),
            IntKind::I32 => (i32::MIN as i128, i32::MAX as i128),
            IntKind::I64 | IntKind::Isize => (i64::MIN as i128, i64::MAX as i128),
            IntKind::U8 => (0, u8::MAX as i128),
            IntKind::U16 => (0, u16::MAX as i128),
            IntKind::U32 => (0, u32::MAX as i128),
            IntKind::U64 | IntKind::Usize => (0, u64::MAX as i128),
        }
    }

    /// Go's name for the type, for messages.
    pub fn go_name(self) -> &'static str {
        match self {
            IntKind::I8 => "int8",
            IntKind::I16 => "int16",
            IntKind::I32 => "int32",
            IntKind::I64 | IntKind::Isize => "int64",
            IntKind::U8 => "uint8",
            IntKind::U16 => "uint16",
            IntKind::U32 => "uint32",
            IntKind::U64 | IntKind::Usize => "uint64",
        }
    }
}

/// The Go shape of a Rust type.
#[derive(Clone, Debug)]
pub(crate) enum Shape {
    /// `Option<T>`: a Go pointer (nilable).
    Option(Box<Ty>),
    /// `Box<T>`, `Arc<T>`, `Rc<T>`, `Cow<'_, T>`, `&T`: transparent.
    Boxed(Box<Ty>),
    /// `Vec<T>`: a Go slice.
    List(Box<Ty>),
    /// `BTreeMap<K, V>` / `HashMap<K, V>`: a Go map.
    Map(Box<Ty>, Box<Ty>),
    /// `String`
    Str,
    /// `bool`
    Bool,
    /// An integer.
    Int(IntKind),
    /// `f32` / `f64`
    Float,
    /// `serde_json::Value`: arbitrary JSON.
    Json,
    /// Any other named type: a struct, a newtype (Go typedef), or a foreign type.
    Named,
}

/// A Go value type that is a struct or a named integer in Go, and that a tag
/// reads its payload against ([`Ty::named_value`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NamedValue {
    /// Go's `time.Duration` (an `int64` of nanoseconds).
    Duration,
    /// `resource.Quantity`.
    Quantity,
}

/// A Rust type with its Go shape.
#[derive(Clone, Debug)]
pub(crate) struct Ty {
    /// The Rust type.
    pub ty: syn::Type,
    /// Its shape.
    pub shape: Shape,
}

impl Ty {
    /// Classifies a Rust type.
    pub fn of(ty: &syn::Type) -> Ty {
        let shape = classify(ty);
        Ty {
            ty: ty.clone(),
            shape,
        }
    }

    /// The type behind `Option` and `Box` (Go's pointee).
    pub fn leaf(&self) -> &Ty {
        match &self.shape {
            Shape::Option(t) | Shape::Boxed(t) => t.leaf(),
            _ => self,
        }
    }

    /// Whether the type is nilable in Go (pointer, slice, map).
    pub fn is_option(&self) -> bool {
        matches!(self.shape, Shape::Option(_))
    }

    /// The Go value type a named type stands for, where a tag reads its
    /// payload against it (Kubernetes 1.38's duration and quantity bounds),
    /// recognised by the type's name: `Duration` (Go's `time.Duration`:
    /// `k8s_validation::Duration`) and `Quantity` (`resource.Quantity`:
    /// the runtime's or k8s-openapi's).
    pub fn named_value(&self) -> Option<NamedValue> {
        let Shape::Named = self.shape else {
            return None;
        };
        let syn::Type::Path(p) = &self.ty else {
            return None;
        };
        match p.path.segments.last()?.ident.to_string().as_str() {
            "Duration" => Some(NamedValue::Duration),
            "Quantity" => Some(NamedValue::Quantity),
            _ => None,
        }
    }

    /// A short description of the Go kind, for messages.
    pub fn kind_name(&self) -> String {
        match &self.shape {
            Shape::Option(t) => format!("*{}", t.kind_name()),
            Shape::Boxed(t) => t.kind_name(),
            Shape::List(_) => "slice".into(),
            Shape::Map(..) => "map".into(),
            Shape::Str => "string".into(),
            Shape::Bool => "bool".into(),
            Shape::Int(k) => k.go_name().into(),
            Shape::Float => "float64".into(),
            Shape::Json => "interface".into(),
            Shape::Named => super::ast::type_text(&self.ty),
        }
    }
}

fn generic_args(seg: &syn::PathSegment) -> Vec<&syn::Type> {
    match &seg.arguments {
        syn::PathArguments::AngleBracketed(a) => a
            .args
            .iter()
            .filter_map(|a| match a {
                syn::GenericArgument::Type(t) => Some(t),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

fn classify(ty: &syn::Type) -> Shape {
    let ty = match ty {
        syn::Type::Group(g) => &*g.elem,
        syn::Type::Paren(p) => &*p.elem,
        t => t,
    };
    // `&T` is transparent, as `Box<T>` is (borrowed deserialization).
    if let syn::Type::Reference(r) = ty {
        return Shape::Boxed(Box::new(Ty::of(&r.elem)));
    }
    let syn::Type::Path(p) = ty else {
        return Shape::Named;
    };
    if p.qself.is_some() {
        return Shape::Named;
    }
    let Some(seg) = p.path.segments.last() else {
        return Shape::Named;
    };
    let name = seg.ident.to_string();
    let args = generic_args(seg);
    match (name.as_str(), args.as_slice()) {
        ("Option", [t]) => Shape::Option(Box::new(Ty::of(t))),
        // Owning and copy-on-write pointers are transparent: a value is
        // validated as its pointee (`Arc<str>` as a string).
        ("Box" | "Arc" | "Rc" | "Cow", [t]) => Shape::Boxed(Box::new(Ty::of(t))),
        ("Vec", [t]) => Shape::List(Box::new(Ty::of(t))),
        ("BTreeMap", [k, v]) | ("HashMap", [k, v, ..]) => {
            Shape::Map(Box::new(Ty::of(k)), Box::new(Ty::of(v)))
        }
        ("String" | "str", []) => Shape::Str,
        ("bool", []) => Shape::Bool,
        ("f32" | "f64", []) => Shape::Float,
        ("Value", []) if p.path.segments.len() == 1 || path_has(&p.path, "serde_json") => {
            Shape::Json
        }
        (n, []) => IntKind::from_ident(n).map_or(Shape::Named, Shape::Int),
        _ => Shape::Named,
    }
}

fn path_has(path: &syn::Path, seg: &str) -> bool {
    path.segments.iter().any(|s| s.ident == seg)
}

/// A tag as read from its doc line, before the check stage: the parsed tag
/// and its rule, or why the rule does not read.
#[derive(Clone, Debug)]
pub(super) struct TagAt {
    /// The parsed tag.
    pub tag: Tag,
    /// Where the tag is ([`RuleAt`]'s fields).
    pub at: At,
    /// The tag read for the release the type is generated for, or why it
    /// does not read ([`crate::front::rules::read`]). The check stage reports
    /// the error and drops the tag.
    pub rule: Result<Rule, String>,
}

impl TagAt {
    /// A tag of the doc line `at`, read as the release of `behaviour` reads
    /// it.
    pub(super) fn new(tag: Tag, at: At, behaviour: &Behaviour) -> Self {
        let rule = super::rules::read(&tag, behaviour);
        TagAt { tag, at, rule }
    }
}

/// A doc line, for diagnostics.
#[derive(Clone, Debug)]
pub(crate) struct At {
    /// The doc line's span.
    pub span: Span,
    /// The doc line's text, trimmed (quoted in messages).
    pub line: String,
    /// The doc line's position in the type ([`DocLine::order`]).
    pub order: usize,
}

/// A checked rule with the doc line it came from: what the back ends read.
#[derive(Clone, Debug)]
pub(crate) struct RuleAt {
    /// The rule.
    pub rule: Rule,
    /// The doc line's span.
    pub span: Span,
    /// The doc line's text, trimmed (quoted in messages).
    pub line: String,
    /// The doc line's position in the type ([`DocLine::order`]).
    pub order: usize,
}

impl RuleAt {
    pub(super) fn new(rule: Rule, at: At) -> Self {
        RuleAt {
            rule,
            span: at.span,
            line: at.line,
            order: at.order,
        }
    }

    /// The same doc line with another rule (a wrapper's payload, located at
    /// the wrapper's line).
    pub(crate) fn with_rule(&self, rule: Rule) -> RuleAt {
        RuleAt {
            rule,
            span: self.span,
            line: self.line.clone(),
            order: self.order,
        }
    }
}

/// The rules of one place (a type, a field), in source order.
#[derive(Clone, Debug, Default)]
pub(crate) struct Rules(pub(super) Vec<RuleAt>);

impl std::ops::Deref for Rules {
    type Target = [RuleAt];
    fn deref(&self) -> &[RuleAt] {
        &self.0
    }
}

impl<'a> IntoIterator for &'a Rules {
    type Item = &'a RuleAt;
    type IntoIter = std::slice::Iter<'a, RuleAt>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl Rules {
    /// Whether any rule is of the tag `name` (outermost).
    pub(crate) fn has(&self, name: TagName) -> bool {
        self.iter().any(|r| r.rule.is(name))
    }

    /// The rules of the tag `name` (outermost).
    pub(crate) fn named(&self, name: TagName) -> impl Iterator<Item = &RuleAt> + '_ {
        self.iter().filter(move |r| r.rule.is(name))
    }
}

/// Tags and `+default` read from one doc-comment block.
#[derive(Clone, Debug, Default)]
pub(super) struct Tags {
    /// Validation tags in source order.
    pub tags: Vec<TagAt>,
    /// The `+default=` value, if any.
    pub default: Option<DefaultValue>,
}

/// A field's `+default=<json>` (upstream's defaulting tag, which
/// `+k8s:optional` reads): the JSON value, or why it does not read.
#[derive(Clone, Debug)]
pub(crate) struct DefaultValue {
    /// The value, or upstream's message for why it does not parse.
    pub value: Result<serde_json::Value, String>,
}

impl DefaultValue {
    fn read(text: &str) -> Self {
        let value = if text.is_empty() {
            Err("+default tag with no value".to_owned())
        } else {
            match serde_json::from_str::<serde_json::Value>(text) {
                Ok(serde_json::Value::Null) => Err(format!(
                    "failed to parse default value {text:?}: unmarshalled to nil"
                )),
                Ok(v) => Ok(v),
                Err(e) => Err(format!("failed to parse default value {text:?}: {e}")),
            }
        };
        DefaultValue { value }
    }
}

/// Reads the tags of a doc-comment block as `options` say, reporting parse
/// errors.
pub(super) fn read_tags(
    docs: &[DocLine],
    options: &tags::ParseOptions,
    diags: &mut Diagnostics,
) -> Tags {
    let lines: Vec<tags::Line<'_>> = docs
        .iter()
        .enumerate()
        .map(|(index, d)| tags::Line {
            text: &d.text,
            index,
        })
        .collect();
    let mut out = Tags::default();
    for item in tags::extract_with(&lines, options) {
        let doc = &docs[item.line()];
        match item {
            tags::Extracted::Tag(t) => match t.tag {
                Ok(tag) => {
                    let at = At {
                        span: doc.span,
                        line: doc.text.trim().to_string(),
                        order: doc.order,
                    };
                    out.tags.push(TagAt::new(tag, at, options.behaviour()));
                }
                Err(e) => diags.error_at(doc.span, doc.order, tag_error_message(&e, &doc.text)),
            },
            tags::Extracted::Default(d) => match d.value {
                Ok(raw) => match raw.text {
                    Some(text) => out.default = Some(DefaultValue::read(text.trim())),
                    None => diags.error_at(
                        doc.span,
                        doc.order,
                        format!("+default tag with no value (in `{}`)", doc.text.trim()),
                    ),
                },
                Err(e) => diags.error_at(doc.span, doc.order, tag_error_message(&e, &doc.text)),
            },
        }
    }
    out
}

/// The message for an error found while reading a tag line.
///
/// A doc comment is one token, so the error's span can only cover the whole
/// line; for a syntax error the message therefore has upstream's message
/// (plus a hint for the usual mistakes) on its first line, then the tag with
/// a caret under the offending text (the position upstream reports as
/// `at position N`); rustc aligns those lines under the message. Unknown
/// names keep the one-line form, which already names the culprit.
fn tag_error_message(e: &tags::TagError, text: &str) -> String {
    let shown = text.trim();
    if e.message.contains("unknown validation tag") {
        return format!("{} (in `{shown}`)", e.message);
    }
    let lead = text.len() - text.trim_start().len();
    let clamp = |i: usize| i.clamp(lead, lead + shown.len());
    let (start, end) = (clamp(e.span.start), clamp(e.span.end.max(e.span.start)));
    let column = text[lead..start].chars().count();
    let width = text[start..end].chars().count().max(1);
    let hint = syntax_hint(&e.message, &text[start..], &text[..start]);
    format!(
        "{}{}\n{shown}\n{}{}",
        e.message,
        hint.map(|h| format!(": {h}")).unwrap_or_default(),
        " ".repeat(column),
        "^".repeat(width)
    )
}

/// A hint for a syntax error, from the message, the text from the error's
/// position on, and the text before it.
fn syntax_hint(message: &str, at: &str, before: &str) -> Option<&'static str> {
    // Inside an argument list that is not closed yet.
    let in_args = match (before.rfind('('), before.rfind(')')) {
        (Some(open), Some(close)) => open > close,
        (open, _) => open.is_some(),
    };
    if message.starts_with("unexpected character") && at.starts_with(char::is_whitespace) {
        return Some(if at.trim_start().starts_with("//") {
            "a comment after a tag starts with `#`"
        } else if before.ends_with('=') {
            "the value must follow `=` directly"
        } else if in_args {
            "whitespace is only allowed after `,` and `:` in an argument list"
        } else {
            "only a `# comment` may follow a tag"
        });
    }
    if message == "invalid number \"+\"" && before.ends_with('=') {
        return Some("a chained tag follows `=+` directly: `=+k8s:<name>`");
    }
    if message.starts_with("invalid number") {
        return Some("integers are written as Go integer literals: `10`, `-1`, `0x1F`");
    }
    if message.starts_with("unhandled escaped character") {
        return Some("only `\\\\` and the string's own quote can be escaped");
    }
    if message == "unexpected end of input" && before.ends_with('=') {
        return Some("a value or a chained tag (`=+k8s:<name>`) must follow `=`");
    }
    if in_args && message.starts_with("unexpected") {
        return Some("arguments are `(value)` or `(name: value, ...)`, closed by `)`");
    }
    None
}

/// A field of a struct, with its rules (`T`: [`TagAt`] before the check
/// stage, [`RuleAt`] after).
pub(crate) struct Field<T = Rules> {
    /// `self.<member>`.
    pub member: syn::Member,
    /// The Rust name.
    pub rust_name: String,
    /// The JSON name.
    pub json_name: String,
    /// The Go name (`#[validate(go_name)]`, else the Rust name in
    /// UpperCamelCase): a union member's default name.
    pub go_name: String,
    /// The type and its shape.
    pub ty: Ty,
    /// Go embedded field (`#[serde(flatten)]`).
    pub flatten: bool,
    /// Omitted from JSON when this predicate holds.
    pub skip_serializing_if: Option<syn::ExprPath>,
    /// The field's rules.
    pub rules: T,
    /// The field's `+default`.
    pub default: Option<DefaultValue>,
    /// The field's documentation (its doc comment without tag lines).
    pub description: Option<String>,
    /// The field span.
    pub span: Span,
}

/// What kind of type is validated.
pub(crate) enum TypeKind<T = Rules> {
    /// A struct with named fields (validated fields only; `#[serde(skip)]` dropped).
    Struct(Vec<Field<T>>),
    /// A tuple newtype (Go typedef) of `inner`.
    Newtype(Box<Ty>),
    /// A Rust enum tagged `+k8s:enum`: a Go string typedef and its values.
    Enum(RustEnum),
}

/// A Rust enum tagged `+k8s:enum`: its unit variants are the values.
pub(crate) struct RustEnum {
    /// The unit variants and their wire strings.
    pub variants: Vec<(syn::Ident, String)>,
    /// The `#[serde(untagged)] Unknown(String)` variant, if any.
    pub catch_all: Option<syn::Ident>,
    /// The values and their exclusions, as `#[enum_values]` records them.
    pub values: EnumValues,
}

/// A type to generate validation for (`T`: [`Tags`] before the check stage,
/// [`Rules`] after).
pub(crate) struct TypeModel<T = Rules> {
    /// The type name.
    pub ident: syn::Ident,
    /// Generics.
    pub generics: syn::Generics,
    /// Struct, newtype or enum.
    pub kind: TypeKind<T>,
    /// Type-level rules (for a newtype, its inner field's too).
    pub rules: T,
    /// The type's documentation (its doc comment without tag lines).
    pub description: Option<String>,
    /// The type span.
    pub span: Span,
    /// The behaviour of the Kubernetes release whose tag reading and
    /// behaviour the type's generated code follows.
    pub behaviour: &'static Behaviour,
}

impl<T> TypeModel<T> {
    /// The struct's fields (empty for a newtype or an enum).
    pub(crate) fn fields(&self) -> &[Field<T>] {
        match &self.kind {
            TypeKind::Struct(f) => f,
            TypeKind::Newtype(_) | TypeKind::Enum(_) => &[],
        }
    }

    /// A field by JSON name.
    pub(crate) fn field_by_json(&self, json: &str) -> Option<&Field<T>> {
        self.fields().iter().find(|f| f.json_name == json)
    }
}

impl TypeModel<Tags> {
    /// Builds the model of one struct or newtype, reading its tags as
    /// `behaviour`'s release does.
    pub(super) fn from_input(input: Input, release: Release, diags: &mut Diagnostics) -> Self {
        let options = tags::ParseOptions::for_release(release);
        let behaviour = behaviour::of(release);
        let description = description(&input.docs);
        let mut tags = read_tags(&input.docs, &options, diags);
        level_opaque(&mut tags, behaviour);
        let kind = match input.kind {
            InputKind::Struct(fields) => TypeKind::Struct(
                fields
                    .into_iter()
                    .filter(|f| !f.skip)
                    .map(|f| field_model(f, &options, diags))
                    .collect(),
            ),
            InputKind::Newtype(inner) => {
                // Tags on the inner field of a newtype count as type tags.
                let mut inner_tags = read_tags(&inner.docs, &options, diags);
                level_opaque(&mut inner_tags, behaviour);
                tags.tags.extend(inner_tags.tags);
                TypeKind::Newtype(Box::new(Ty::of(&inner.ty)))
            }
        };
        TypeModel {
            ident: input.ident,
            generics: input.generics,
            kind,
            rules: tags,
            description,
            span: input.span,
            behaviour,
        }
    }

    /// Builds the model of a Rust enum tagged `+k8s:enum`: its type-level
    /// tags, and its variants' values with their `+k8s:enumExclude` tags.
    pub(super) fn from_enum(input: EnumInput, release: Release, diags: &mut Diagnostics) -> Self {
        let options = tags::ParseOptions::for_release(release);
        let behaviour = behaviour::of(release);
        let mut values = Vec::new();
        let mut exclusions = Vec::new();
        for v in &input.variants {
            if !super::enums::read_value_tags(&v.value, &v.docs, diags, &mut exclusions) {
                values.push(v.value.clone());
            }
        }
        TypeModel {
            description: description(&input.docs),
            rules: read_tags(&input.docs, &options, diags),
            kind: TypeKind::Enum(RustEnum {
                variants: input
                    .variants
                    .into_iter()
                    .map(|v| (v.ident, v.value))
                    .collect(),
                catch_all: input.catch_all,
                values: super::enums::finish(values, exclusions),
            }),
            ident: input.ident,
            generics: input.generics,
            span: input.span,
            behaviour,
        }
    }
}

/// From Kubernetes 1.37, `+k8s:alpha=+k8s:opaqueType` (or `beta`) makes the
/// field or type opaque as `+k8s:opaqueType` does (upstream keeps the
/// payload's opacity through the level wrapper; 1.36 drops it): the tag is
/// added, unless already there. So do `+k8s:alpha=+k8s:eachVal=+k8s:opaqueType`
/// and `eachKey` for the collection's values or keys (the level returns its
/// payload's `OpaqueValType` / `OpaqueKeyType`; k8s.io/api v0.37.2 puts it on
/// lists of `metav1.Condition`): `eachVal=+k8s:opaqueType` is added.
fn level_opaque(tags: &mut Tags, behaviour: &Behaviour) {
    if !behaviour.honours_opacity {
        return;
    }
    let mut added = Vec::new();
    for t in &tags.tags {
        if !matches!(t.tag.tag_name(), Some(TagName::Alpha | TagName::Beta)) {
            continue;
        }
        let Some(payload) = t.tag.chained() else {
            continue;
        };
        let marker = payload.is(TagName::OpaqueType)
            || (matches!(
                payload.tag_name(),
                Some(TagName::EachVal | TagName::EachKey)
            ) && payload.chained().is_some_and(|c| c.is(TagName::OpaqueType)));
        let present = |tags: &[TagAt]| {
            tags.iter().any(|o| {
                o.tag.tag_name() == payload.tag_name()
                    && (payload.is(TagName::OpaqueType)
                        || o.tag.chained().is_some_and(|c| c.is(TagName::OpaqueType)))
            })
        };
        if marker && !present(&tags.tags) && !present(&added) {
            added.push(TagAt::new(payload.clone(), t.at.clone(), behaviour));
        }
    }
    tags.tags.extend(added);
}

fn field_model(
    f: InputField,
    options: &tags::ParseOptions,
    diags: &mut Diagnostics,
) -> Field<Tags> {
    let mut tags = read_tags(&f.docs, options, diags);
    level_opaque(&mut tags, options.behaviour());
    let default = tags.default.take();
    Field {
        member: f.member,
        go_name: f.go_name.unwrap_or_else(|| upper_camel(&f.rust_name)),
        rust_name: f.rust_name,
        json_name: f.json_name,
        ty: Ty::of(&f.ty),
        flatten: f.flatten,
        skip_serializing_if: f.skip_serializing_if,
        description: description(&f.docs),
        rules: tags,
        default,
        span: f.span,
    }
}

/// A description from doc lines: every line that starts with `+` (a tag of
/// any generator: `+k8s:`, `+default`, `+listType`, ...) is left out, as
/// are the blank lines around what remains.
pub(crate) fn description(docs: &[DocLine]) -> Option<String> {
    let lines: Vec<&str> = docs
        .iter()
        .map(|d| d.text.strip_prefix(' ').unwrap_or(&d.text).trim_end())
        .filter(|t| !t.trim_start().starts_with('+'))
        .collect();
    let mut out = String::new();
    let mut blank = false;
    for line in lines {
        if line.trim().is_empty() {
            blank = !out.is_empty();
            continue;
        }
        if blank {
            out.push_str("\n\n");
        } else if !out.is_empty() {
            out.push('\n');
        }
        blank = false;
        out.push_str(line);
    }
    (!out.is_empty()).then_some(out)
}

/// Go's field name for a Rust field: `replica_count` -> `ReplicaCount`.
pub(crate) fn upper_camel(rust_name: &str) -> String {
    let mut out = String::new();
    let mut upper = true;
    for c in rust_name.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes() {
        let t: syn::Type = syn::parse_quote!(Option<Box<Vec<BTreeMap<String, i32>>>>);
        let ty = Ty::of(&t);
        assert!(matches!(ty.leaf().shape, Shape::List(_)));
        assert_eq!(ty.kind_name(), "*slice");
        let t: syn::Type = syn::parse_quote!(serde_json::Value);
        assert!(matches!(Ty::of(&t).shape, Shape::Json));
        let t: syn::Type = syn::parse_quote!(u16);
        assert!(matches!(Ty::of(&t).shape, Shape::Int(IntKind::U16)));
    }

    #[test]
    fn names() {
        assert_eq!(upper_camel("replica_count"), "ReplicaCount");
    }
}
