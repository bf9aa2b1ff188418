"""What the two Filipino Fruit Market games share, from the box: the fruit cards and the deal, the
kernel fields both trick games keep (``kernel``, compiled) and the state shell over them (``state``)."""
