//! The hand-written contender enforces exactly the generated validators'
//! rules: the same errors, in the same order, on every benchmark input and
//! on a few extra invalid ones.

use k8s_validation::{ErrorList, Operation, Validate};
use validation_benches::{handwritten as hand, inputs, workload::*};

fn lines(errs: &ErrorList) -> Vec<String> {
    errs.iter()
        .map(|e| format!("{} [{}] origin={:?}", e, e.kind().as_str(), e.origin()))
        .collect()
}

fn same(generated: &ErrorList, hand: &ErrorList) {
    assert_eq!(lines(generated), lines(hand));
    assert_eq!(generated, hand);
}

#[test]
fn valid_object_has_no_errors() {
    let d = inputs::valid();
    assert!(d.validate(&Operation::create()).is_empty());
    assert!(hand::validate(&d).is_empty());
    assert!(hand::validate_tuned(&d).is_empty());
}

#[test]
fn invalid_object_errors_agree() {
    let d = inputs::invalid();
    let generated = d.validate(&Operation::create());
    assert_eq!(
        generated.len(),
        inputs::INVALID_VIOLATIONS,
        "{:#?}",
        lines(&generated)
    );
    same(&generated, &hand::validate(&d));
    same(&generated, &hand::validate_tuned(&d));
    // A few exact texts, so that the workload stays what the docs say.
    let text = lines(&generated);
    assert_eq!(
        text[0],
        "metadata.name: Invalid value: \"Web_Frontend\": a lowercase RFC 1123 subdomain must \
         consist of lower case alphanumeric characters, '-' or '.', and must start and end with \
         an alphanumeric character (e.g. 'example.com', regex used for validation is \
         '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*') \
         [FieldValueInvalid] origin=Some(\"format=k8s-long-name\")"
    );
    assert!(text.contains(
        &"spec.containers[0].ports[2].containerPort: Invalid value: 70000: must be less than or \
          equal to 65535 [FieldValueInvalid] origin=Some(\"maximum\")"
            .to_string()
    ));
    assert!(text.contains(
        &"spec.strategy: Invalid value: \"{recreate, rollingUpdate}\": must specify exactly one \
          of: `recreate`, `rollingUpdate` [FieldValueInvalid] origin=None"
            .to_string()
    ));
}

#[test]
fn update_errors_agree() {
    let (new, old) = inputs::update();
    assert!(new.validate_update(&old, &Operation::update()).is_empty());
    assert!(hand::validate_update(&new, &old).is_empty());

    // Ratcheting: an old violation that is kept is not reported again, a
    // new one is.
    let old = inputs::invalid();
    let mut new = old.clone();
    new.spec.replicas = Some(-7);
    new.spec.containers[4].ports[0].container_port = 0;
    new.spec.containers[4].image = "x".repeat(600);
    let generated = new.validate_update(&old, &Operation::update());
    // The list changed, so its duplicate is reported again; containers[1]
    // correlates with the first old item of its key (containers[0]).
    assert_eq!(generated.len(), 5, "{:#?}", lines(&generated));
    same(&generated, &hand::validate_update(&new, &old));
    same(&generated, &hand::validate_update_tuned(&new, &old));
}

#[test]
fn list_map_errors_agree() {
    for n in inputs::UNIQUE_SIZES {
        let list = inputs::port_list(n);
        assert!(list.validate(&Operation::create()).is_empty());
        assert!(hand::validate_ports(&list).is_empty());
    }
    for n in [10, 100] {
        let mut list = inputs::port_list(n);
        list.ports[n / 2].name = list.ports[1].name.clone();
        list.ports[n - 1].name = "Bad.Name".into();
        list.ports[3].port = -1;
        list.ports[4].protocol = Protocol("HTTP".into());
        let generated = list.validate(&Operation::create());
        assert_eq!(generated.len(), 4, "{:#?}", lines(&generated));
        same(&generated, &hand::validate_ports(&list));
        same(&generated, &hand::validate_ports_tuned(&list));
    }
}

#[test]
fn formats_agree_on_edge_cases() {
    let names = [
        "",
        "a",
        "-a",
        "a-",
        "a.b",
        "A",
        "a_b",
        &"a".repeat(63),
        &"a".repeat(64),
        &"a.".repeat(40),
        "1abc",
        "abc-123",
    ];
    let keys = [
        "a",
        "a/b",
        "/b",
        "a/",
        "a/b/c",
        "-a",
        "A.b_c-d",
        "Example.com/x",
        "example.com/x",
        &format!("{}/x", "a".repeat(254)),
        &"k".repeat(64),
    ];
    for name in names {
        for key in keys {
            let mut d = inputs::valid();
            d.metadata.name = name.to_string();
            d.metadata.labels.insert(key.to_string(), name.to_string());
            d.spec.containers[0].name = name.to_string();
            same(&d.validate(&Operation::create()), &hand::validate(&d));
        }
    }
}
